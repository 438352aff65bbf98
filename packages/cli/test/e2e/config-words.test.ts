import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

const e2e = useE2E();

describe('a broken config file is said in plain words, by field (attack L5)', { timeout: 60_000 }, () => {
  it.each([
    ['null', 'null', 'the top level: must be an object, not null'],
    ['profiles-string', '{"profiles":"abc"}', 'profiles: must be an object, not a string'],
    [
      'expires-never',
      '{"profiles":{"default":{"token":{"accessToken":"abcd","expiresAt":"never"}}}}',
      'profiles.default.token.tokenType: missing',
    ],
  ])('%s', async (name, text, words) => {
    const dir = join(e2e.configDir(), name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), text);
    const result = await e2e.run(['whoami'], { env: { AGENT_CLI_CONFIG_DIR: dir } });
    expect(result.stderr).toContain(`${join(dir, 'config.json')} is broken at ${words}`);
    expect(result.stderr).not.toContain('Invalid input');
    expect(result.code).toBe(2);
  });
});
