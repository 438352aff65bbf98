import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSurfaces, PACKAGES, reportPath, runtimeEntries, surface } from '../scripts/api-surface.mjs';
import { ensureBuilt, PUBLISHED } from './support/packages.js';

// Each published package's public surface (every entry point of its `exports`, every name each
// exports with its kind, namespaces with their members, the public members of its classes and
// interfaces) is a reviewed file. A change to the surface fails here until `pnpm api:surface`
// rewrites the file and the diff is reviewed with the change. The built declaration files (what
// consumers compile against; built here when missing) must say the same as the sources: a type-only
// export that the declaration bundler turns into a value fails here; so does a name that only one
// build (ESM or CommonJS) exports at run time, or that the sources do not export as a value.
const require = createRequire(import.meta.url);
const sorted = (names: Iterable<string>) => [...names].filter((n) => n !== '__esModule').sort();

describe('the public surface', () => {
  beforeAll(() => ensureBuilt(PUBLISHED.filter((pkg) => !pkg.name.endsWith('/cli'))), 600_000);

  for (const name of PACKAGES) {
    it(`of @credential-agent/${name} is packages/${name}/api-surface.txt`, { timeout: 180_000 }, () => {
      const reviewed = readFileSync(reportPath(name), 'utf8').split('\n');
      expect(surface(name).split('\n'), 'the surface changed: run pnpm api:surface, review the diff').toEqual(
        reviewed,
      );
    });

    it(`of @credential-agent/${name}'s built declarations is its sources'`, { timeout: 180_000 }, () => {
      for (const { subpath, file, source, built } of builtSurfaces(name)) {
        expect(built, `${name} ${subpath}: ${file} differs from the source's exports`).toEqual(source);
      }
    });

    it(`of @credential-agent/${name}'s built modules is its sources' values`, {
      timeout: 180_000,
    }, async () => {
      for (const { subpath, values, files } of runtimeEntries(name)) {
        expect(files.length, `${name} ${subpath} names no built module`).toBeGreaterThan(0);
        for (const { condition, file } of files) {
          const loaded = condition === 'require' ? require(file) : await import(pathToFileURL(file).href);
          expect(sorted(Object.keys(loaded)), `${name} ${subpath} (${condition}: ${file})`).toEqual(
            sorted(values),
          );
        }
      }
    });
  }
});
