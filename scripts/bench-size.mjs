// SDK size: the SDK's own code as an ESM bundle (minified, gzipped, ky and zod external), and what
// a consumer that imports only the schemas or only the client pulls in with its dependencies.
// Uses the built SDK (packages/sdk/dist). Run alone with `node scripts/bench-size.mjs`;
// `--modules` prints instead what each file of the sources costs in the own-code bundle and in the
// `AgentClient` bundle (gzipped bytes the bundle loses without it).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, infoRow, limitRow, machine } from './bench-stats.mjs';
import { bundleSize, moduleSizes } from './bundle-size.mjs';

/** The budgets of issue 23 (tests/bundle.test.ts holds the same, over the sources). */
export const OWN_BUDGET = 15 * 1024;
export const CLIENT_BUDGET = 45 * 1024;

const sdkDir = fileURLToPath(new URL('../packages/sdk/', import.meta.url));

const bundle = (contents, external = []) => bundleSize(contents, { resolveDir: sdkDir, external });

const pullsIn = (inputs, pkg) => inputs.some((file) => file.includes(`node_modules/${pkg}/`));

/** Measures the bundles; returns table rows. */
export async function benchSize() {
  const own = await bundle("export * from './dist/index.js';", ['ky', 'zod']);
  const models = await bundle("export * from './dist/models/index.js';");
  const client = await bundle("export { AgentClient } from './dist/index.js';");
  const whole = await bundle("export * from './dist/index.js';");
  const modelsHasKy = pullsIn(models.inputs, 'ky');
  return [
    limitRow("SDK's own code: ESM bundle, minified + gzip (ky, zod external)", own.gzip, OWN_BUDGET, 'KB'),
    {
      ...infoRow(
        `Import only \`@credential-agent/sdk/models\` (zod bundled); contains ky: ${modelsHasKy ? 'yes' : 'no'}`,
        models.gzip,
        'KB',
      ),
      target: undefined,
      pass: !modelsHasKy,
    },
    limitRow(
      `Import only \`AgentClient\` (ky + zod bundled, what a browser user ships); contains ky: ${pullsIn(client.inputs, 'ky') ? 'yes' : 'no'}`,
      client.gzip,
      CLIENT_BUDGET,
      'KB',
    ),
    infoRow('Import everything (ky + zod bundled)', whole.gzip, 'KB'),
  ];
}

/** What each file of the SDK's sources (and of ky and zod) costs in the two bundles with a target. */
async function printModules() {
  const resolveDir = `${sdkDir}src`;
  const bundles = [
    ["Own code (ky, zod external): export * from './index.js'", "export * from './index.js';", ['ky', 'zod']],
    [
      "AgentClient with ky and zod: export { AgentClient } from './index.js'",
      "export { AgentClient } from './index.js';",
      [],
    ],
  ];
  for (const [title, contents, external] of bundles) {
    const { gzip, files } = await moduleSizes(contents, { resolveDir, loader: 'ts', external });
    console.log(`\n${title}: ${(gzip / 1024).toFixed(2)} KB (export list left out)`);
    for (const { file, gzip: bytes } of files) {
      console.log(`${String(bytes).padStart(7)} B  ${file.replace(/.*node_modules\//, '')}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--modules')) await printModules();
  else console.log(`${machine()}\n\n${formatTable(await benchSize())}`);
}
