#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
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
  if ('version' in command) {
    const manifest = new URL('../package.json', import.meta.url);
    process.stdout.write(`${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}\n`);
    return;
  }
  if (command.help) {
    process.stdout.write(USAGE);
    return;
  }
  const running = await startSandbox(command.options);
  if (command.urlFile !== undefined) {
    // Written whole, then renamed: a script waiting for the file never reads half a URL.
    try {
      await writeFile(`${command.urlFile}.tmp`, `${running.url}\n`);
      await rename(`${command.urlFile}.tmp`, command.urlFile);
    } catch (error) {
      await running.close();
      throw new Error(`--url-file ${command.urlFile}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  }
  const { passwordKey, agentKey } = running.sandbox;
  process.stdout.write(
    [
      `Sandbox listening on ${running.url}`,
      `Demo user:     ${DEMO_USER.email}`,
      `Password:      ${DEMO_USER.password}`,
      `Demo org id:   ${DEMO_ORG_ID}`,
      ...(passwordKey === undefined ? [] : [`Password key:  ${passwordKey}`]),
      ...(agentKey === undefined ? [] : [`Agent key:     ${agentKey}`]),
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
