import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const stored = useRecorder();
const other = useRecorder();

/** A run in config dir `dir`, token from the environment (the agent key is what is looked at). */
function inDir(dir: string) {
  return (args: string[], env: Record<string, string | undefined> = {}, stdin?: string) =>
    e2e.run(args, {
      env: { AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_TOKEN: 'TOKEN', AGENT_CLI_BASE_URL: stored.url(), ...env },
      ...(stdin === undefined ? {} : { stdin }),
    });
}

function freshDir(name: string): string {
  const dir = join(e2e.configDir(), name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const sentKey = (received: { authorization: string | undefined }[]) =>
  received.some((r) => r.authorization?.includes('STOREDKEY'));

describe('a stored agent key goes only to the agent URL it was stored with (attack M1)', {
  timeout: 60_000,
}, () => {
  it('AGENT_CLI_AGENT_URL to another agent: refused with a hint, the key not sent', async () => {
    const run = inDir(freshDir('foreign'));
    expect((await run(['config', 'set', 'agent-url', stored.url()])).code).toBe(0);
    expect((await run(['config', 'set', 'agent-key', '-'], {}, 'STOREDKEY')).code).toBe(0);
    const result = await run(['credentials', 'list'], { AGENT_CLI_AGENT_URL: other.url() });
    expect(result.stderr).toBe(
      `error: the agent key of profile "default" was stored for ${stored.url()}, not ${other.url()}: it is not sent there\n` +
        `hint: store one for that agent (agent-cli config set agent-key -), or set AGENT_CLI_AGENT_KEY\n`,
    );
    expect(result.code).toBe(2);
    expect(sentKey(other.received)).toBe(false);
    expect(result.stderr).not.toContain('STOREDKEY');
  });

  it('the agent URL changed after the key was stored: refused too', async () => {
    const run = inDir(freshDir('changed'));
    await run(['config', 'set', 'agent-url', stored.url()]);
    await run(['config', 'set', 'agent-key', '-'], {}, 'STOREDKEY');
    await run(['config', 'set', 'agent-url', other.url()]);
    const result = await run(['credentials', 'list']);
    expect(result.stderr).toMatch(/^error: the agent key of profile "default" was stored for /);
    expect(sentKey(other.received)).toBe(false);
  });

  it('its own agent URL, whichever way given, gets the key', async () => {
    const run = inDir(freshDir('own'));
    await run(['config', 'set', 'agent-url', stored.url()]);
    await run(['config', 'set', 'agent-key', '-'], {}, 'STOREDKEY');
    const result = await run(['credentials', 'list', '--json'], { AGENT_CLI_AGENT_URL: `${stored.url()}/` });
    expect(result.stderr).toBe('');
    expect(sentKey(stored.received)).toBe(true);
  });

  it("AGENT_CLI_AGENT_KEY given explicitly is the user's choice: sent to the other agent", async () => {
    const run = inDir(freshDir('explicit'));
    await run(['config', 'set', 'agent-url', stored.url()]);
    await run(['config', 'set', 'agent-key', '-'], {}, 'STOREDKEY');
    const result = await run(['credentials', 'list', '--json'], {
      AGENT_CLI_AGENT_URL: other.url(),
      AGENT_CLI_AGENT_KEY: 'ENVKEY',
    });
    expect(result.stderr).toBe('');
    expect(other.received.some((r) => r.authorization?.includes('ENVKEY'))).toBe(true);
  });

  it('a key stored before its URL is refused, naming what to set first (issue 19 item 3)', async () => {
    const dir = freshDir('key-first');
    const run = inDir(dir);
    const result = await run(['config', 'set', 'agent-key', '-'], {}, 'STOREDKEY');
    expect(result.stderr).toBe(
      'error: agent-key is bound to the agent URL it is stored for, and profile "default" has none: set it first\n' +
        'hint: agent-cli config set agent-url <url> (or AGENT_CLI_AGENT_URL), then store the key\n',
    );
    expect(result.code).toBe(2);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
    // Then set later, the URL does not pick up a key: there is none.
    await run(['config', 'set', 'agent-url', other.url()]);
    expect((await run(['credentials', 'list'])).code).toBe(2);
    expect(sentKey(other.received)).toBe(false);
  });

  it('a key an older version stored bound to nothing is bound at first use and never follows a change', async () => {
    const dir = freshDir('unbound');
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { default: { agentKey: 'STOREDKEY', agentUrl: stored.url() } } }),
      { mode: 0o600 },
    );
    const run = inDir(dir);
    const first = await run(['credentials', 'list', '--json']);
    expect(first.stderr).toBe(
      `note: the agent key of profile "default" is now bound to ${stored.url()}: it is sent there only\n`,
    );
    expect(sentKey(stored.received)).toBe(true);
    const moved = await run(['config', 'set', 'agent-url', other.url()]);
    expect(moved.stderr).toContain(
      `warning: the agent key of profile "default" was stored for ${stored.url()}`,
    );
    const result = await run(['credentials', 'list']);
    expect(result.stderr).toMatch(/^error: the agent key of profile "default" was stored for /);
    expect(result.code).toBe(2);
    expect(sentKey(other.received)).toBe(false);
  });
});
