/**
 * Issue 18: the import direction stays one-way. No module of the SDK, the CLI or the sandbox reaches
 * itself again through its imports: static, dynamic (`import()`, the CLI's lazy commands) and
 * type-only ones alike (dpdm parses the TypeScript sources without dropping types). And the packages
 * depend downward only: the SDK on neither the CLI nor the sandbox, the sandbox not on the SDK (it
 * checks requests with its own contract) nor the CLI.
 */
import { fileURLToPath } from 'node:url';
import { type DependencyTree, parseCircular, parseDependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = [
  'packages/sdk/src/index.ts',
  'packages/sdk/src/redact.ts',
  'packages/sdk/src/token.ts',
  'packages/cli/src/bin.ts',
  'packages/cli/src/launcher.ts',
  'packages/sandbox/src/index.ts',
  'packages/sandbox/src/bin.ts',
];

let tree: DependencyTree;
beforeAll(async () => {
  tree = await parseDependencyTree(ENTRIES, {
    context: root,
    cwd: root,
    transform: false,
    skipDynamicImports: false,
    tsconfig: undefined,
    include: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
  });
}, 120_000);

/** The package a source file belongs to (`sdk`, `cli`, `sandbox`). */
const packageOf = (file: string) => /^packages\/([^/]+)\/src\//.exec(file)?.[1];

describe('the import graph', () => {
  it('reads every source module, the lazily imported commands included', () => {
    const files = Object.keys(tree);
    expect(files.filter((f) => f.startsWith('packages/cli/src/commands/')).length).toBeGreaterThan(40);
    expect(files).toContain('packages/cli/src/commands/api/run.ts');
  });

  it('has no circle, type-only imports included', () => {
    expect(parseCircular(tree, false).map((circle) => circle.join(' -> '))).toEqual([]);
  });

  it('points downward between packages: the SDK imports neither the CLI nor the sandbox; the sandbox imports neither', () => {
    const upward: string[] = [];
    for (const [file, dependencies] of Object.entries(tree)) {
      const from = packageOf(file);
      for (const dependency of dependencies ?? []) {
        const to = dependency.id && packageOf(dependency.id);
        if (!from || !to || from === to) continue;
        if (from === 'sdk' || from === 'sandbox') upward.push(`${file} -> ${dependency.id}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
