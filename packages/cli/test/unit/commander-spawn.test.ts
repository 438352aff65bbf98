/**
 * commander takes node:child_process when it loads; the CLI's bundle gives it
 * build/commander-spawn.ts instead, which takes the module when commander spawns. That holds only
 * while `spawn` is all commander uses of it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawn } from '../../build/commander-spawn.js';

const commander = join(dirname(createRequire(import.meta.url).resolve('commander')), 'lib', 'command.js');

describe("commander's child_process, taken when it spawns", () => {
  it('is enough for commander: it uses spawn and nothing else of the module', () => {
    const source = readFileSync(commander, 'utf8');
    const bound = [...source.matchAll(/(\w+) = require\('node:child_process'\)/g)].map((m) => m[1]);
    expect(bound).toEqual(['childProcess']);
    const used = new Set([...source.matchAll(/childProcess\.(\w+)/g)].map((m) => m[1]));
    expect([...used]).toEqual(['spawn']);
    // Not passed on whole either (a call that hands the module elsewhere would need all of it).
    expect(source.match(/childProcess(?!\.spawn\()/g)).toEqual(['childProcess']);
  });

  it('spawns a real process', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(3);
  });
});
