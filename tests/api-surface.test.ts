import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGES, reportPath, surface } from '../scripts/api-surface.mjs';

// Each published package's public surface (every entry point of its `exports`, every name each
// exports with its kind, the public members of its classes and interfaces) is a reviewed file.
// A change to the surface fails here until `pnpm api:surface` rewrites the file and the diff is
// reviewed with the change.
describe('the public surface', () => {
  for (const name of PACKAGES) {
    it(`of @credential-agent/${name} is packages/${name}/api-surface.txt`, { timeout: 180_000 }, () => {
      const reviewed = readFileSync(reportPath(name), 'utf8').split('\n');
      expect(surface(name).split('\n'), 'the surface changed: run pnpm api:surface, review the diff').toEqual(
        reviewed,
      );
    });
  }
});
