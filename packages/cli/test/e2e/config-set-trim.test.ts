import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';

// Issue 20 item 4: `config set base-url "  http://…/  "` stores the URL, not the blanks around it,
// as `login --base-url` does.
const e2e = useE2E();

describe('config set of a URL with blanks around it', { timeout: 60_000 }, () => {
  it.each([
    ['base-url', 'baseUrl'],
    ['agent-url', 'agentUrl'],
  ])('%s is stored trimmed, and said trimmed', async (key, field) => {
    const dir = join(e2e.configDir(), key);
    const result = await e2e.run(['config', 'set', key, '  http://127.0.0.1:9/x/  ', '--insecure'], {
      env: { AGENT_CLI_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`${key} = http://127.0.0.1:9/x/ (`);
    const profiles = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles;
    expect(profiles.default[field]).toBe('http://127.0.0.1:9/x/');
  });
});
