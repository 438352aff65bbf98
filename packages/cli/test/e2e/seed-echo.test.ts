import { describe, expect, it } from 'vitest';
import { WRITE_DID_KEY } from '../support/fixtures.js';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();
const SEED = 'S33DsecretValue0123456789abcdefX';

describe('a seed the server echoes is never printed (attack M9)', { timeout: 60_000 }, () => {
  it.each([[['--json']], [[]]])('dids write --seed-stdin %j', async (extra) => {
    server.answer({
      did: `did:key:z6Mk${SEED}`,
      seed: SEED,
      didDocument: { id: `did:key:${SEED}`, note: `made from ${SEED}` },
      didState: { state: 'finished', did: 'did:key:z6Mk', secret: { seed: SEED } },
    });
    const result = await e2e.run([...WRITE_DID_KEY, '--seed-stdin', ...extra], {
      env: { AGENT_CLI_TOKEN: 'TOKEN', AGENT_CLI_BASE_URL: server.url() },
      stdin: SEED,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(SEED);
    expect(result.stdout).toContain('[REDACTED]');
    if (extra.length > 0) expect(JSON.parse(result.stdout).seed).toBe('[REDACTED]');
  });
});
