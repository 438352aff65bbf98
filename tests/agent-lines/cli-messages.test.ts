/**
 * What the shipped agent-cli says when a deployment's settings are wrong: a 401 from the agent
 * names the agent key and how to set it (not `agent-cli login`); a 404 for a missing route names
 * the URL tried and the setting to check (agent-url, agent-line, /v1 in base-url); "Invalid
 * Credentials" at sign-in without a password key points at password-key.
 */
import { startSandbox } from '@credential-agent/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { useCliHomes } from '../support/agent-cli.js';
import { type Line, type StandIn, startCredoStandIn } from '../support/credo-stand-in.js';

const homes = useCliHomes();
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function standIn(line: Line): Promise<StandIn> {
  const s = await startCredoStandIn({ line });
  open.push(s);
  return s;
}

const PLATFORM = 'http://127.0.0.1:9/v1';
const list = ['credentials', 'list'];
const agentEnv = (s: StandIn, extra: Record<string, string | undefined> = {}) => ({
  AGENT_CLI_BASE_URL: PLATFORM,
  AGENT_CLI_AGENT_URL: s.url,
  AGENT_CLI_AGENT_KEY: s.apiKey,
  ...extra,
});
const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('a 401 from the agent', () => {
  it.each(['2.0', '2.1'] as const)('line %s: a wrong AGENT_CLI_AGENT_KEY is named, exit 4', async (line) => {
    const s = await standIn(line);
    const result = await homes.home().run(list, agentEnv(s, { AGENT_CLI_AGENT_KEY: 'not-the-key' }));
    expect(result.code).toBe(4);
    const [error, hint, ...rest] = lines(result.stderr);
    expect(error).toMatch(/^error: The agent refused its API key at (POST \/agent\/token|GET \/credentials)/);
    expect(hint).toBe(
      `hint: the agent at ${s.url} refused the API key from AGENT_CLI_AGENT_KEY: set the right one there, or store it with: agent-cli config set agent-key -`,
    );
    expect(rest).toEqual([]);
    expect(result.stderr).not.toContain('agent-cli login');
    expect(result.stderr).not.toContain('not-the-key');
  });

  it("a stored key is named as the profile's agent-key", async () => {
    const s = await standIn('2.1');
    const home = homes.home();
    await home.run(['config', 'set', 'agent-url', s.url], {});
    await home.run(['config', 'set', 'agent-key', '-'], {}, 'stored-wrong-key');
    const result = await home.run(list, { AGENT_CLI_BASE_URL: PLATFORM });
    expect(result.code).toBe(4);
    expect(lines(result.stderr)[1]).toBe(
      `hint: the agent at ${s.url} refused the API key from agent-key of profile "default": store the right one with: agent-cli config set agent-key -`,
    );
  });

  it('a token refused even when fresh names the agent and its key too', async () => {
    const s = await standIn('2.1');
    s.breakTokens();
    const result = await homes.home().run(list, agentEnv(s));
    expect(result.code).toBe(4);
    const [error, hint] = lines(result.stderr);
    expect(error).toMatch(/^error: The agent refused its token .* at GET \/didcomm\/credentials/);
    expect(hint).toBe(
      `hint: the agent at ${s.url} accepted the API key from AGENT_CLI_AGENT_KEY at POST /agent/token but refused the token it had just issued for it: check the agent's own configuration (or agent-url, tenant-id), not the key`,
    );
    expect(result.stderr).not.toContain('agent-cli login');
  });

  it('an agent URL with user:password names the agent-url setting, not agent-cli login', async () => {
    const result = await homes
      .home()
      .run(list, { AGENT_CLI_BASE_URL: PLATFORM, AGENT_CLI_AGENT_URL: 'http://u:secretpw@127.0.0.1:9' });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('agent-cli login');
    expect(result.stderr).not.toContain('secretpw');
    expect(result.stderr).toContain('AGENT_CLI_AGENT_URL');
    expect(result.stderr).toContain('agent-key');
  });
});

describe('a 404 for a route that is not there', () => {
  it('agent-line 2.0 against a 2.1 agent: names the URL and agent-line', async () => {
    const s = await standIn('2.1');
    const result = await homes.home().run(list, agentEnv(s, { AGENT_CLI_AGENT_LINE: '2.0' }));
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      `error: HTTP 404 Not Found: GET ${s.url}/credentials`,
      'hint: no such route at AGENT_CLI_AGENT_URL: check it, and agent-line (2.0, from AGENT_CLI_AGENT_LINE): line 2.1 agents serve /didcomm/… and /anoncreds/…, line 2.0 agents the root paths',
    ]);
  });

  it('an agent URL with a path no agent answers at: names the URL and agent-url', async () => {
    const s = await standIn('2.1');
    const result = await homes.home().run(list, agentEnv(s, { AGENT_CLI_AGENT_URL: `${s.url}/v1` }));
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      `error: HTTP 404 Not Found: GET ${s.url}/v1/credentials`,
      'hint: no such route at AGENT_CLI_AGENT_URL: check it, and agent-line (auto: detected): line 2.1 agents serve /didcomm/… and /anoncreds/…, line 2.0 agents the root paths',
    ]);
  });

  it('a record the agent does not know is its own answer, with no settings hint', async () => {
    const s = await standIn('2.1');
    const result = await homes
      .home()
      .run(['api', 'GET', '/didcomm/credentials/nope'], agentEnv(s, { AGENT_CLI_AGENT_LINE: '2.1' }));
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      'error: CredentialExchangeRecord: record with id nope not found. (HTTP 404)',
    ]);
  });

  it('a base URL without /v1: names the URL and suggests /v1', async () => {
    const s = await standIn('2.1');
    const result = await homes
      .home()
      .run(['login', '--email', 'a@example.com', '--password-stdin'], { AGENT_CLI_BASE_URL: s.url }, 'pw');
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      `error: HTTP 404 Not Found: POST ${s.url}/auth/signin`,
      `hint: no such route at AGENT_CLI_BASE_URL: platforms serve their API under /v1 (try ${s.url}/v1)`,
    ]);
  });

  it('agent routes on the base URL, with no agent-url: suggests agent-url', async () => {
    const s = await standIn('2.1');
    const result = await homes.home().run(list, { AGENT_CLI_BASE_URL: `${s.url}/v1`, AGENT_CLI_TOKEN: 'T' });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      `error: HTTP 404 Not Found: GET ${s.url}/v1/credentials`,
      'hint: no such route at AGENT_CLI_BASE_URL: if the agent controller is a service of its own, set agent-url and agent-key (AGENT_CLI_AGENT_URL, AGENT_CLI_AGENT_KEY)',
    ]);
  });
});

describe('"Invalid Credentials" at sign-in', () => {
  it('without a password key: points at password-key; with one, no such hint', async () => {
    const running = await startSandbox({ port: 0, flavor: 'platform', passwordKey: 'pk-7f3a' });
    open.push(running);
    const home = homes.home();
    const login = ['login', '--email', 'issuer@example.com', '--password-stdin'];
    const base = { AGENT_CLI_BASE_URL: `${running.url}/v1` };
    const without = await home.run(login, base, 'whatever');
    expect(lines(without.stderr)).toEqual([
      'error: Invalid Credentials (HTTP 400)',
      'hint: if the password is right, this platform may expect it encrypted: set its key with AGENT_CLI_PASSWORD_KEY or agent-cli config set password-key -',
    ]);
    const withKey = await home.run(login, { ...base, AGENT_CLI_PASSWORD_KEY: 'pk-7f3a' }, 'wrong-password');
    expect(lines(withKey.stderr)).toEqual(['error: Invalid Credentials (HTTP 401)']);
  });
});
