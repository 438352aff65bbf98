#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { constants, readFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { parseSandboxArgs, type SandboxCommand, USAGE } from './cli-options.js';
import { startSandbox } from './server.js';
import { DEMO_ORG_ID, DEMO_USER } from './state.js';

/**
 * Writes `text` to `path` whole: into a new file of a fresh name beside it (created exclusively,
 * never through a symlink, 0600), then renamed over `path` (which replaces a symlink there rather
 * than following it). A script waiting for the file never reads half of it.
 */
async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW = 0 } = constants;
  const file = await open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  try {
    await file.writeFile(text);
    await file.close();
    await rename(temporary, path);
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Resolves once `text` has been handed to stdout (a pipe may take it later on some systems), or
 * stdout failed (nobody reads it: the --url-file is still written).
 */
function printed(text: string): Promise<void> {
  return new Promise((resolve) => process.stdout.write(text, () => resolve()));
}

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
  const { passwordKey, agentKey, agentLine, flavor } = running.sandbox;
  const baseUrl = flavor === 'platform' ? `${running.url}/v1` : running.url;
  await printed(
    [
      `Sandbox listening on ${running.url}`,
      `Demo user:     ${DEMO_USER.email}`,
      `Password:      ${DEMO_USER.password}`,
      `Demo org id:   ${DEMO_ORG_ID}`,
      ...(passwordKey === undefined ? [] : [`Password key:  ${passwordKey}`]),
      ...(agentKey === undefined ? [] : [`Agent key:     ${agentKey}`]),
      ...(agentKey === undefined ? [] : [`Agent line:    ${agentLine}`]),
      ...(flavor === 'platform'
        ? [
            'Configure agent-cli with:',
            `  agent-cli config set base-url ${baseUrl}`,
            ...(agentKey === undefined ? [] : [`  agent-cli config set agent-url ${running.url}`]),
          ]
        : []),
      '',
    ].join('\n'),
  );
  // Last, once the banner is out: a script that waits for the file finds everything ready.
  if (command.urlFile !== undefined) {
    const description = {
      url: running.url,
      baseUrl,
      agentUrl: running.url,
      flavor,
      orgId: DEMO_ORG_ID,
      email: DEMO_USER.email,
      password: DEMO_USER.password,
      ...(passwordKey === undefined ? {} : { passwordKey }),
      ...(agentKey === undefined ? {} : { agentKey, agentLine }),
    };
    const text =
      command.urlFileFormat === 'url' ? `${running.url}\n` : `${JSON.stringify(description, null, 2)}\n`;
    try {
      await writeFileAtomically(command.urlFile, text);
    } catch (error) {
      await running.close();
      throw new Error(`--url-file ${command.urlFile}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  }
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
