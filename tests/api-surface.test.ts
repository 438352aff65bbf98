import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtSurfaces, PACKAGES, reportPath, surface } from '../scripts/api-surface.mjs';

// Each published package's public surface (every entry point of its `exports`, every name each
// exports with its kind, namespaces with their members, the public members of its classes and
// interfaces) is a reviewed file. A change to the surface fails here until `pnpm api:surface`
// rewrites the file and the diff is reviewed with the change. The built declaration files (what
// consumers compile against; `pnpm build` first) must say the same as the sources: a type-only
// export that the declaration bundler turns into a value fails here.
describe('the public surface', () => {
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
  }
});
