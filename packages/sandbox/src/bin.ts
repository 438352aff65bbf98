#!/usr/bin/env node
import { parseSandboxArgs, type SandboxCommand, USAGE } from './cli-options.js';
import { startSandbox } from './server.js';
import { DEMO_ORG_ID, DEMO_USER } from './state.js';

async function main(): Promise<void> {
  let command: SandboxCommand;
  try {
    command = parseSandboxArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(
      `agent-sandbox: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`,
    );
    process.exitCode = 2;
    return;
  }
  if (command.help) {
    process.stdout.write(USAGE);
    return;
  }
  const running = await startSandbox(command.options);
  process.stdout.write(
    [
      `Sandbox listening on ${running.url}`,
      `Demo user:     ${DEMO_USER.email}`,
      `Password:      ${DEMO_USER.password}`,
      `Demo org id:   ${DEMO_ORG_ID}`,
      '',
    ].join('\n'),
  );
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`agent-sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
