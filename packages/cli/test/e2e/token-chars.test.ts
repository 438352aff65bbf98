import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();

describe('a token that cannot go in a header (attack F4)', { timeout: 60_000 }, () => {
  it.each([
    ['a euro sign', 'gar\u20acbage', 'U+20AC'],
    ['a replacement character', 'gar\ufffdbage', 'U+FFFD'],
  ])(
    'AGENT_CLI_TOKEN with %s: usage error naming it, nothing sent, also with --verbose',
    async (_, token, code) => {
      const result = await e2e.run(['credentials', 'list', '--verbose', '--base-url', server.url()], {
        env: { AGENT_CLI_TOKEN: token },
      });
      expect(result.stderr).toBe(
        `error: AGENT_CLI_TOKEN contains a character that cannot go in an HTTP header (${code})\n`,
      );
      expect(result.code).toBe(2);
      expect(server.received).toEqual([]);
    },
  );

  it.each([
    ['a euro sign', 'OLD\u20acTOKEN'],
    ['a newline', 'OLD\nTOKEN'],
  ])('a stored token with %s: the file is broken at the token, by path and field', async (name, token) => {
    const dir = join(e2e.configDir(), name.replace(/ /g, '-'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.json');
    const profile = {
      baseUrl: server.url(),
      token: { accessToken: token, tokenType: 'Bearer', issuedBy: server.url() },
    };
    writeFileSync(file, JSON.stringify({ profiles: { default: profile } }));
    const result = await e2e.run(['credentials', 'list'], {
      env: { AGENT_CLI_CONFIG_DIR: dir, AGENT_CLI_BASE_URL: undefined },
    });
    expect(result.stderr).toMatch(
      new RegExp(`^error: the config file ${file} is broken at profiles\\.default\\.token\\.accessToken: `),
    );
    expect(result.stderr).not.toContain('TOKEN');
    expect(result.code).toBe(2);
    expect(server.received).toEqual([]);
  });
});
