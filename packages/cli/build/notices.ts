import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** A third-party package esbuild inlined into the CLI, with what its licence asks to be kept. */
export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  author?: string | undefined;
  homepage?: string | undefined;
  /** The package's LICENSE (or LICENCE, COPYING) file as shipped; absent when it ships none. */
  text?: string | undefined;
}

interface Manifest {
  name: string;
  version: string;
  license?: string | { type?: string };
  author?: string | { name?: string; email?: string; url?: string };
  homepage?: string | undefined;
  repository?: string | { url?: string };
}

const SELF = '@credential-agent/';
const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i;

/**
 * The package directory of a bundled input (`../../node_modules/.pnpm/x@1/node_modules/@s/y/lib/a.js`
 * → `…/node_modules/@s/y`), or undefined for the workspace's own sources.
 */
export function packageDir(input: string): string | undefined {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const rest = input.slice(at + 'node_modules/'.length).split('/');
  const depth = rest[0]?.startsWith('@') ? 2 : 1;
  return input.slice(0, at) + ['node_modules', ...rest.slice(0, depth)].join('/');
}

const authorOf = (author: Manifest['author']): string | undefined =>
  typeof author === 'string'
    ? author
    : author?.name &&
      [author.name, author.email && `<${author.email}>`, author.url && `(${author.url})`]
        .filter(Boolean)
        .join(' ');

function readPackage(dir: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
  const file = readdirSync(dir)
    .filter((name) => LICENSE_FILE.test(name))
    .sort()[0];
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return {
    name: manifest.name,
    version: manifest.version,
    license: (typeof manifest.license === 'string' ? manifest.license : manifest.license?.type) ?? 'UNKNOWN',
    author: authorOf(manifest.author),
    homepage: manifest.homepage ?? repository?.replace(/^git\+/, '').replace(/\.git$/, ''),
    text: file === undefined ? undefined : readFileSync(join(dir, file), 'utf8').trim(),
  };
}

/**
 * The third-party packages among esbuild's inputs (paths relative to `base`, as a metafile lists
 * them), each once per version, sorted by name; the workspace's own packages are left out.
 */
export function bundledPackages(inputs: Iterable<string>, base: string): BundledPackage[] {
  const dirs = new Set<string>();
  for (const input of inputs) {
    const dir = packageDir(input);
    if (dir !== undefined) dirs.add(resolve(base, dir));
  }
  const found = new Map<string, BundledPackage>();
  for (const dir of dirs) {
    const pkg = readPackage(dir);
    if (!pkg.name.startsWith(SELF)) found.set(`${pkg.name}@${pkg.version}`, pkg);
  }
  return [...found.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

const RULE = '-'.repeat(80);

/** The text of THIRD_PARTY_NOTICES: a heading per package (`name version (licence)`), then its licence. */
export function noticesText(product: string, packages: readonly BundledPackage[]): string {
  const head = [
    `Third-party software bundled in ${product}`,
    '',
    `The program in dist/ inlines the ${packages.length} packages below. Each is listed with its`,
    'licence and copyright notice as it ships them. Generated at build time from what esbuild',
    'bundled (build/notices.ts).',
  ];
  const sections = packages.map((pkg) =>
    [
      RULE,
      `${pkg.name} ${pkg.version} (${pkg.license})`,
      ...(pkg.author ? [`Author: ${pkg.author}`] : []),
      ...(pkg.homepage ? [pkg.homepage] : []),
      '',
      pkg.text ??
        `This package ships no licence file. Its package.json declares the ${pkg.license} licence${
          pkg.author ? `, copyright ${pkg.author}` : ''
        }.`,
    ].join('\n'),
  );
  return `${[head.join('\n'), ...sections].join('\n\n')}\n`;
}

/**
 * Writes THIRD_PARTY_NOTICES into the package directory `pkgDir` from esbuild's inputs, which are
 * relative to esbuild's working directory (the build's).
 */
export async function writeNotices(pkgDir: URL, product: string, inputs: Iterable<string>): Promise<number> {
  const packages = bundledPackages(inputs, process.cwd());
  await writeFile(new URL('THIRD_PARTY_NOTICES', pkgDir), noticesText(product, packages));
  return packages.length;
}
