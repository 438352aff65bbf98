// SDK size: the SDK's own code as an ESM bundle (minified, gzipped, ky and zod external), and what
// a consumer that imports only the schemas or only the client pulls in with its dependencies.
// Uses the built SDK (packages/sdk/dist). Run alone with `node scripts/bench-size.mjs`.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, infoRow, limitRow, machine } from './bench-stats.mjs';
import { bundleSize } from './bundle-size.mjs';

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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`${machine()}\n\n${formatTable(await benchSize())}`);
}
