import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { run } from './process.js';

/** The repository root. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** A published package of the workspace. */
export interface WorkspacePackage {
  name: string;
  dir: string;
  /** A file the build produces; when it is missing, the package is built first. */
  built: string;
}

/** The three published packages, in build order (the SDK first: the others bundle or import it). */
export const PUBLISHED: readonly WorkspacePackage[] = [
  { name: '@credential-agent/sdk', dir: join(root, 'packages/sdk'), built: 'dist/index.js' },
  { name: '@credential-agent/sandbox', dir: join(root, 'packages/sandbox'), built: 'dist/index.js' },
  { name: '@credential-agent/cli', dir: join(root, 'packages/cli'), built: 'dist/agent-cli.cjs' },
];

/** The workspace's own binaries (typescript, publint, attw). */
export const bin = (name: string): string => join(root, 'node_modules/.bin', name);

/**
 * Builds each package whose build output is missing. A build the CLI's end-to-end tests started
 * (they hold `dist.build-lock` while tsup empties and refills dist) is waited for first, so a pack
 * never catches a dist half-written.
 */
export async function ensureBuilt(packages: readonly WorkspacePackage[] = PUBLISHED): Promise<void> {
  for (const pkg of packages) {
    for (let waited = 0; existsSync(join(pkg.dir, 'dist.build-lock')) && waited < 120_000; waited += 200)
      await setTimeout(200);
    if (!existsSync(join(pkg.dir, pkg.built))) await run('pnpm', ['run', 'build'], { cwd: pkg.dir });
  }
}

/**
 * `pnpm pack`s a package into `destination` (pnpm rewrites `workspace:*` dependencies to the
 * version) and returns the tarball's path.
 */
export async function pack(pkg: WorkspacePackage, destination: string): Promise<string> {
  const before = new Set(await readdir(destination));
  await run('pnpm', ['pack', '--pack-destination', destination], { cwd: pkg.dir });
  const created = (await readdir(destination)).filter((file) => file.endsWith('.tgz') && !before.has(file));
  if (created.length !== 1) throw new Error(`pnpm pack of ${pkg.name} produced ${created.length} tarballs`);
  return join(destination, created[0] as string);
}
