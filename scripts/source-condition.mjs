// The export condition under which each workspace package (`exports` in its package.json) points
// at its TypeScript sources. TypeScript (`customConditions` in tsconfig.base.json), Vitest
// (vitest.shared.ts), esbuild (the CLI's tsup.config.ts, tests/browser.test.ts) and the surface
// report (scripts/api-surface.mjs) resolve workspace packages through it, so tests and type checks
// need no build. Published manifests carry no such condition (`publishConfig.exports`).
export const SOURCE_CONDITION = '@credential-agent/source';
