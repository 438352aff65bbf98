import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../scripts/source-condition.mjs';
import { sourceResolution } from '../vitest.shared.js';
import { PUBLISHED, root } from './support/packages.js';

type Exports = Record<string, unknown>;
interface Manifest {
  exports?: Exports;
  publishConfig?: { exports?: Exports };
}
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** An exports map without the source condition, as it is published. */
function withoutSource(exports: Exports): Exports {
  return Object.fromEntries(
    Object.entries(exports).map(([subpath, target]) => {
      if (typeof target !== 'object' || target === null) return [subpath, target];
      const { [SOURCE_CONDITION]: _source, ...published } = target as Exports;
      return [subpath, published];
    }),
  );
}

// Workspace packages resolve to their sources one way: the source export condition, which
// TypeScript, Vitest and esbuild are each told about. No tsconfig `paths`, no aliases.
describe('workspace packages resolve to their sources through one export condition', () => {
  for (const pkg of PUBLISHED) {
    const manifest = manifestOf(pkg.dir);
    if (!manifest.exports || Object.keys(manifest.exports).length === 1) continue;

    it(`${pkg.name}: every entry point names its source first, and the file exists`, () => {
      for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
        if (subpath === './package.json') continue;
        // A data file (the sandbox's openapi.json) is its own source: one path, built by nobody.
        if (typeof target === 'string' && !/\.[cm]?[jt]s$/.test(target)) {
          expect(existsSync(join(pkg.dir, target)), subpath).toBe(true);
          continue;
        }
        const source = (target as Exports)[SOURCE_CONDITION];
        expect(Object.keys(target as Exports)[0], subpath).toBe(SOURCE_CONDITION);
        expect(typeof source === 'string' && existsSync(join(pkg.dir, source)), subpath).toBe(true);
      }
    });

    it(`${pkg.name}: the published exports are the same map without the source condition`, () => {
      expect(manifest.publishConfig?.exports).toEqual(withoutSource(manifest.exports ?? {}));
    });
  }

  it('TypeScript resolves through the condition, without path mappings', () => {
    const base = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));
    expect(base.compilerOptions.customConditions).toEqual([SOURCE_CONDITION]);
    expect(base.compilerOptions.paths).toBeUndefined();
  });

  it('Vitest resolves through the condition first and keeps its default conditions', () => {
    const { resolve, ssr } = sourceResolution;
    expect(resolve.conditions.slice(0, 2)).toEqual([SOURCE_CONDITION, 'module']);
    expect(ssr.resolve.conditions).toEqual(expect.arrayContaining([SOURCE_CONDITION, 'module', 'node']));
    expect(Object.hasOwn(sourceResolution, 'alias')).toBe(false);
  });
});
