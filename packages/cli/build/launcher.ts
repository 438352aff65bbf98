import { spawnSync } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { FastIndex } from '../src/startup/fast-path.js';
import { VERSION_DEFINE } from './version.js';

/** The names listed under `Commands:` in a help text (`help` itself left out). */
export function subcommands(help: string): string[] {
  return section(help, 'Commands:')
    .map((line) => /^ {2}([a-z][\w-]*)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'help');
}

/** The lines of a help text's section (`Options:`, `Commands:`), without its title. */
function section(help: string, title: string): string[] {
  return (
    help
      .split(/\n\n/)
      .find((block) => block.startsWith(title))
      ?.split('\n')
      .slice(1) ?? []
  );
}

/** `--version` and `-V` where a command's own options list them (`schemas create --version <semver>`). */
function versionFlags(help: string): string[] {
  const flags = section(help, 'Options:').flatMap(
    (line) => /^ {2}(-\S+?)(?:, (--\S+))?\s/.exec(line)?.slice(1) ?? [],
  );
  return flags.filter((flag): flag is string => flag === '--version' || flag === '-V');
}

/**
 * What the launcher answers from, collected from the built program: every help text, keyed by
 * command path (`''`, `'credentials'`, `'credentials list'`), and the commands that take
 * `--version` themselves.
 */
export function collectIndex(bin: string): FastIndex {
  const index: FastIndex = { help: {}, ownVersion: {} };
  const visit = (path: string[]): void => {
    const run = spawnSync(process.execPath, [bin, ...path, '--help'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    if (run.status !== 0) throw new Error(`agent-cli ${path.join(' ')} --help failed: ${run.stderr}`);
    const key = path.join(' ');
    index.help[key] = run.stdout;
    const own = path.length === 0 ? [] : versionFlags(run.stdout);
    if (own.length > 0) index.ownVersion[key] = own;
    for (const name of subcommands(run.stdout)) visit([...path, name]);
  };
  visit([]);
  return index;
}

/**
 * Writes `dist/agent-cli.cjs`, the package's bin, next to the built `dist/bin.cjs`: src/launcher.ts
 * bundled as CommonJS with the index of the built program's help inlined. Resolves with the files
 * esbuild bundled into it.
 */
export async function writeLauncher(dist: URL, buildId: string): Promise<string[]> {
  const index = collectIndex(fileURLToPath(new URL('bin.cjs', dist)));
  const outfile = fileURLToPath(new URL('agent-cli.cjs', dist));
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/launcher.ts', import.meta.url))],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['./bin.cjs'],
    define: {
      ...VERSION_DEFINE,
      __AGENT_CLI_FAST_INDEX__: JSON.stringify(index),
      __AGENT_CLI_BUILD_ID__: JSON.stringify(buildId),
    },
    banner: {
      js: '#!/usr/bin/env node\n// Generated from src/launcher.ts by build/launcher.ts: do not edit.',
    },
    logLevel: 'warning',
    metafile: true,
  });
  await chmod(outfile, 0o755);
  return Object.keys(result.metafile.inputs);
}
