import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './support/packages.js';
import { freshCopy, runScript, scriptOf, shellBlocks } from './support/readme.js';

// Every shell block of README.md, run in order by bash on a fresh copy of the repository (the
// files git would commit, no node_modules, no dist), as a new user would type them.
// Commands that .ci/run already runs on its fresh clone (the whole suite, lint, typecheck) or that
// take minutes of timing (bench) are not run again here; each must still appear in the README.
const SKIPPED: Record<string, string> = {
  'pnpm test': 'CI runs the whole suite itself (and this test is part of it)',
  'pnpm lint': '.ci/run runs it on its fresh clone',
  'pnpm typecheck': '.ci/run runs it on its fresh clone',
  'pnpm bench': 'minutes of timing, run by hand',
};

let work: string | undefined;
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('README.md', () => {
  it('every shell block works as written, in order, on a fresh copy', { timeout: 900_000 }, async () => {
    work = await mkdtemp(join(tmpdir(), 'credential-agent-readme-'));
    const copy = join(work, 'credential-agent');
    await freshCopy(root, copy);
    const blocks = shellBlocks(await readFile(join(copy, 'README.md'), 'utf8'));
    const used = new Set<string>();
    const script = scriptOf(blocks, SKIPPED, used);

    const { PATH, HOME } = process.env;
    const env = { PATH, HOME, CI: 'true', XDG_CONFIG_HOME: join(work, 'config'), TMPDIR: work };
    const { code, output } = await runScript(script, copy, env);

    expect(output, output.slice(-6000)).not.toMatch(/README command failed/);
    expect(code, output.slice(-6000)).toBe(0);
    // The install is quiet: bins link at once, no build script is left waiting for approval.
    expect(output).not.toMatch(/Failed to create bin|Ignored build scripts|^\s*WARN\s/m);
    expect([...used].sort()).toEqual(Object.keys(SKIPPED).sort());
    // The quick start's sandbox is stopped and its URL file removed by a later block, and the bulk
    // example's journal and reports by the clean-up step: nothing left in the repository's root.
    for (const left of ['sandbox.json', 'holders.journal.jsonl', 'report.json', 'report.xml'])
      await expect(access(join(copy, left)), left).rejects.toThrow();
  });
});
