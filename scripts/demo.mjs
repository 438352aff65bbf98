// The whole story with the built agent-cli against the sandbox, step by step: `pnpm demo`
// (after `pnpm build`). Starts the sandbox on a free loopback port, uses a
// temporary config directory, drives the shipped bin packages/cli/dist/agent-cli.cjs (what npm
// links as `agent-cli`) as a child process (no shell) and chains ids through `--json`. Exits non-zero as soon as a step fails; always stops the sandbox.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cliBin = join(root, 'packages/cli/dist/agent-cli.cjs');
const sandboxBin = join(root, 'packages/sandbox/dist/bin.js');
const STEP_TIMEOUT_MS = 30_000;

const indent = (text) => `${text.trimEnd().replace(/^/gm, '  ')}\n`;
const shorten = (text, max = 90) => (text.length > max ? `${text.slice(0, max)}…` : text);
const bold = (text) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\u001b[1m${text}\u001b[22m` : text);

/**
 * Starts `agent-sandbox --port 0 --url-file` and resolves with what it wrote there (URL, org id,
 * demo user) and its process: the file appears, whole, once the sandbox is ready.
 */
function startSandbox(dir) {
  const file = join(dir, 'sandbox.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [sandboxBin, '--port', '0', '--url-file', file], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const timer = setTimeout(() => reject(new Error('the sandbox did not start within 10 s')), 10_000);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the sandbox exited early (code ${code})`)));
    const poll = () => {
      if (!existsSync(file)) return void setTimeout(poll, 20);
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const info = JSON.parse(readFileSync(file, 'utf8'));
      resolve({
        url: info.baseUrl,
        org: info.orgId,
        user: { email: info.email, password: info.password },
        child,
      });
    };
    poll();
  });
}

/** Runs one `agent-cli` step, prints it, and returns its stdout (parsed when `--json`). */
function agentCli(env, args, { stdin, show } = {}) {
  process.stdout.write(`\n${bold(`$ agent-cli ${args.join(' ')}`)}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGINT'), STEP_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (stderr) process.stdout.write(indent(stderr));
      if (code !== 0) {
        reject(new Error(`agent-cli ${args[0]} ${args[1] ?? ''} exited with code ${code}`));
        return;
      }
      const data = args.includes('--json') ? JSON.parse(stdout) : stdout;
      if (show) process.stdout.write(indent(show(data)));
      else if (!args.includes('--json') && stdout) process.stdout.write(indent(stdout));
      resolve(data);
    });
    child.stdin.end(stdin ?? '');
  });
}

function writeBodies(dir, did) {
  const credential = {
    '@context': ['https://www.w3.org/2018/credentials/v1', 'https://www.w3.org/2018/credentials/examples/v1'],
    type: ['VerifiableCredential', 'EmployeeCredential'],
    issuer: { id: did },
    issuanceDate: new Date().toISOString(),
    credentialSubject: { id: 'did:example:holder', name: 'Alice', role: 'Engineer' },
  };
  const options = { proofType: 'Ed25519Signature2018', proofPurpose: 'assertionMethod' };
  const offer = {
    comment: 'Welcome aboard',
    isShortenUrl: false,
    attributes: [],
    credential: {
      ...credential,
      id: 'urn:uuid:0f9c4a36-3c1e-4f4b-9a1f-2f0d6f0c7a11',
      expirationDate: '2030-01-01T00:00:00Z',
      options,
    },
  };
  const email = {
    comment: 'Your employee credential',
    credentialOffer: [{ emailId: 'x@example.com', credential, options }],
  };
  const proof = {
    comment: 'Please prove your role',
    proofFormats: {
      presentationDefinition: {
        id: 'employment',
        input_descriptors: [
          {
            id: 'employee',
            name: 'Employee credential',
            purpose: 'We need to know your role',
            schema: [{ uri: 'https://www.w3.org/2018/credentials/examples/v1' }],
            constraints: { fields: [{ path: ['$.credentialSubject.role'] }] },
          },
        ],
      },
    },
  };
  const files = {
    offer: join(dir, 'offer.json'),
    email: join(dir, 'email-offer.json'),
    proof: join(dir, 'proof.json'),
  };
  writeFileSync(files.offer, JSON.stringify(offer, null, 2));
  writeFileSync(files.email, JSON.stringify(email, null, 2));
  writeFileSync(files.proof, JSON.stringify(proof, null, 2));
  return files;
}

async function story(env, dir, user) {
  await agentCli(env, ['login', '--email', user.email, '--password-stdin'], { stdin: `${user.password}\n` });
  await agentCli(env, ['whoami']);
  const { did } = await agentCli(
    env,
    ['dids', 'write', '--method', 'key', '--key-type', 'ed25519', '--json'],
    {
      show: (d) => `DID: ${d.did}`,
    },
  );
  const files = writeBodies(dir, did);
  const schema = await agentCli(
    env,
    [
      'schemas',
      'create',
      '--issuer-id',
      did,
      '--name',
      'Employee',
      '--version',
      '1.0.0',
      '--attr',
      'name',
      '--attr',
      'role',
      '--json',
    ],
    { show: (d) => `schema: ${d.schemaId} (${d.state})` },
  );
  const credDefId = `${schema.schemaId}/default`;
  const offer = await agentCli(
    env,
    [
      'offers',
      'create',
      '--file',
      files.offer,
      '--credential-type',
      'jsonld',
      '--cred-def-id',
      credDefId,
      '--attr',
      'name=Alice',
      '--attr',
      'role=Engineer',
      '--json',
    ],
    {
      show: (d) =>
        `invitation: ${shorten(d.data.invitationUrl)}\nout-of-band id: ${d.data.outOfBandRecordId}`,
    },
  );
  await agentCli(env, [
    'offers',
    'email',
    '--file',
    files.email,
    '--credential-type',
    'jsonld',
    '--cred-def-id',
    credDefId,
    '--email',
    'alice@example.com',
    '--email',
    'bob@example.com',
  ]);
  const accepted = await agentCli(
    env,
    ['oob', 'accept', offer.data.outOfBandRecordId, '--label', 'Alice', '--json'],
    {
      show: (d) => `connection: ${d.connectionRecord?.id} (${d.connectionRecord?.state})`,
    },
  );
  const holderRecords = await agentCli(env, ['credentials', 'list', '--role', 'holder', '--json'], {
    show: (list) => list.map((r) => `holder record ${r.id}: ${r.state}`).join('\n'),
  });
  const holder = holderRecords.find((r) => r.state === 'offer-received');
  if (!holder) throw new Error('no holder record in offer-received');
  await agentCli(
    env,
    [
      'credentials',
      'negotiate',
      holder.id,
      '--connection-id',
      holder.connectionId,
      '--format',
      'jsonld',
      '--json',
    ],
    {
      show: (d) => `record ${d.id}: ${d.state}`,
    },
  );
  await agentCli(env, ['credentials', 'list', '--state', 'done']);
  await agentCli(
    env,
    [
      'proofs',
      'request',
      '--connection-id',
      accepted.connectionRecord.id,
      '--request-type',
      'presentationExchange',
      '--file',
      files.proof,
      '--json',
    ],
    { show: (d) => `proof request ${d.data.id}: ${d.data.state}` },
  );
}

async function main() {
  for (const file of [cliBin, sandboxBin]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run pnpm build first`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'agent-cli-demo-'));
  // The sandbox's own demo user, from its --url-file, so the demo never drifts from the seed.
  const sandbox = await startSandbox(dir);
  // Never leave the sandbox behind, whatever ends this process.
  process.on('exit', () => {
    sandbox.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });
  process.stdout.write(`Sandbox listening on ${sandbox.url} (demo org ${sandbox.org}); config in ${dir}\n`);
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    AGENT_CLI_CONFIG_DIR: dir,
    AGENT_CLI_BASE_URL: sandbox.url,
    AGENT_CLI_ORG: sandbox.org,
    ...(process.env.NO_COLOR ? { NO_COLOR: process.env.NO_COLOR } : {}),
  };
  try {
    await story(env, dir, sandbox.user);
    process.stdout.write(`\n${bold('✓ demo finished: every step succeeded')}\n`);
  } finally {
    sandbox.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

// A closed pipe (`pnpm demo | head`) ends the demo quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main().catch((error) => {
  process.stderr.write(`\ndemo failed: ${error.message}\n`);
  process.exitCode = 1;
});
