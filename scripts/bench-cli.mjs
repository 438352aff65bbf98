// CLI start-up: `agent-cli --version`, `--help` and `credentials list --json` (against the sandbox
// server on loopback) against `node -e 0`, alternating, medians. Uses the built CLI (the `bin` of
// packages/cli/package.json, as npm installs it) and the built sandbox (packages/sandbox/dist). Run alone with
// `node scripts/bench-cli.mjs`, or as part of `pnpm bench`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { alternate, formatTable, machine, ratioRow } from './bench-stats.mjs';

const cliDir = new URL('../packages/cli/', import.meta.url);
// What `agent-cli` runs once installed: the package's `bin` (a launcher in front of dist/bin.cjs).
const cliManifest = JSON.parse(readFileSync(new URL('package.json', cliDir), 'utf8'));
const bin = fileURLToPath(new URL(cliManifest.bin['agent-cli'], cliDir));
const sandboxDist = new URL('../packages/sandbox/dist/index.js', import.meta.url);

/** Runs `node ...args` synchronously (timing nothing but the child) and returns its stdout. */
function node(args, env) {
  const result = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`node ${args.join(' ')} exited ${result.status}: ${String(result.stderr).slice(0, 500)}`);
  }
  return result.stdout;
}

/** How many credential records the sandbox holds for `credentials list --json`. */
const RECORDS = 20;

/** The sandbox runs in a worker thread, so it answers while the main thread waits in spawnSync. */
async function serveSandbox() {
  const { DEMO_ORG_ID, startSandbox } = await import(sandboxDist.href);
  const running = await startSandbox({ port: 0 });
  const token = running.sandbox.issueToken();
  // The 20 credential records `credentials list` prints (issue 23 measures a list of 20).
  for (let i = 1; i <= RECORDS; i++) {
    const answer = await fetch(
      `${running.url}/orgs/${DEMO_ORG_ID}/credentials/oob/offer?credentialType=jsonld`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          credentialDefinitionId: 'cred-def-1',
          credentialType: 'jsonld',
          attributes: [{ name: 'name', value: `Holder ${i}` }],
          isShortenUrl: false,
          credential: {
            '@context': ['https://www.w3.org/2018/credentials/v1'],
            type: ['VerifiableCredential', 'EmployeeCredential'],
            issuer: { id: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK' },
            issuanceDate: '2024-05-01T00:00:00Z',
            credentialSubject: { id: `did:example:holder${i}`, name: `Holder ${i}` },
            options: { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' },
          },
        }),
      },
    );
    if (!answer.ok) throw new Error(`seeding the sandbox: ${answer.status} ${await answer.text()}`);
  }
  parentPort.postMessage({ url: running.url, token });
}

/**
 * The environment of a CLI run against `sandbox` with `home` as its home and config directory
 * (so its code cache is there too), colours off, nothing of the user's read.
 */
export function cliEnv(sandbox, home) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    NO_COLOR: '1',
    AGENT_CLI_CONFIG_DIR: home,
    AGENT_CLI_BASE_URL: sandbox.url,
    AGENT_CLI_TOKEN: sandbox.token,
  };
}

export async function startSandboxWorker() {
  const worker = new Worker(new URL(import.meta.url));
  const { url, token } = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { url, token, close: () => worker.terminate() };
}

/** Measures the CLI; returns table rows. */
export async function benchCli({ quick = false } = {}) {
  if (!existsSync(bin) || !existsSync(fileURLToPath(sandboxDist))) {
    throw new Error(`build first: pnpm build (needs ${bin} and packages/sandbox/dist)`);
  }
  const sandbox = await startSandboxWorker();
  const configDir = mkdtempSync(join(tmpdir(), 'agent-cli-bench-'));
  const env = cliEnv(sandbox, configDir);
  try {
    const listed = JSON.parse(node([bin, 'credentials', 'list', '--json'], env));
    if (!Array.isArray(listed) || listed.length !== RECORDS) {
      throw new Error(`credentials list --json did not print ${RECORDS} records`);
    }
    // The floor: any ES module entry point pays for the ESM loader, which `node -e 0` does not.
    const empty = join(configDir, 'empty.mjs');
    writeFileSync(empty, '');
    const cases = [
      ['agent-cli --version', [bin, '--version'], 1.25],
      ['agent-cli --help', [bin, '--help'], 1.25],
      [
        `agent-cli credentials list --json (sandbox, ${listed.length} records)`,
        [bin, 'credentials', 'list', '--json'],
        2,
      ],
      ['floor: node empty.mjs (an empty ES module)', [empty], undefined],
    ];
    const baseline = () => node(['-e', '0'], env);
    const rows = [];
    for (const [name, args, target] of cases) {
      node(args, env);
      baseline();
      const m = await alternate({ rounds: quick ? 9 : 30, subject: () => node(args, env), baseline });
      rows.push(ratioRow(`${name} vs node -e 0`, m, target));
    }
    return rows;
  } finally {
    await sandbox.close();
    rmSync(configDir, { recursive: true, force: true });
  }
}

if (!isMainThread) await serveSandbox();
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`${machine()}\n\n${formatTable(await benchCli({ quick: process.argv.includes('--quick') }))}`);
}
