import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { SOURCE_CONDITION } from '../../scripts/source-condition.mjs';
import { writeLauncher } from './build/launcher.js';
import { writeNotices } from './build/notices.js';
import { toCommonJs } from './build/program.js';
import { PACKAGE_VERSION, VERSION_DEFINE } from './build/version.js';

// One bundled program: the SDK (from source, so unused parts are dropped) and every dependency are
// inlined. Code splitting keeps lazily imported modules (SDK, prompts, ora, conf) in their own
// chunks, so `--help` through the program never loads them. esbuild splits ES modules only, so the
// chunks are built as ES modules named `.cjs` and then turned into CommonJS in place
// (build/program.ts), which the launcher can load with a code cache on Node 20 too. The package's
// bin is the launcher in front of it (src/launcher.ts, built by writeLauncher once the program is built). What esbuild
// inlined, read from its metafile, gives THIRD_PARTY_NOTICES (build/notices.ts), shipped in the
// tarball; the metafile itself is not shipped. The example bodies the help names (examples/ of the
// repository) ship in dist/examples, where an installed CLI points to them.
const EXAMPLE_BODIES = ['offer.json', 'email-offer.json', 'proof.json', 'template.json', 'holders.csv'];

export default defineConfig({
  entry: { bin: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  treeshake: false,
  clean: true,
  sourcemap: false,
  minify: false,
  noExternal: [/.*/],
  outExtension: () => ({ js: '.cjs' }),
  define: VERSION_DEFINE,
  metafile: true,
  async onSuccess() {
    const dist = new URL('./dist/', import.meta.url);
    const metafile = new URL('metafile-esm.json', dist);
    const program = JSON.parse(await readFile(metafile, 'utf8')) as { inputs: Record<string, unknown> };
    await rm(metafile);
    const buildId = await toCommonJs(dist);
    const launcher = await writeLauncher(dist, buildId);
    await mkdir(new URL('examples/', dist), { recursive: true });
    for (const name of EXAMPLE_BODIES) {
      await copyFile(new URL(`../../examples/${name}`, import.meta.url), new URL(`examples/${name}`, dist));
    }
    const product = `@credential-agent/cli ${PACKAGE_VERSION}`;
    await writeNotices(new URL('./', import.meta.url), product, [
      ...Object.keys(program.inputs),
      ...launcher,
    ]);
  },
  // Node's modules keep their `node:` prefix, so the plugin below sees commander's child_process
  // (tsup's own plugin would strip the prefix and make it external before any plugin of ours).
  removeNodeProtocol: false,
  esbuildPlugins: [
    {
      // commander's node:child_process taken when it spawns, not when it loads (build/commander-spawn.ts).
      name: 'commander-spawn-on-demand',
      setup(build) {
        const spawnOnDemand = fileURLToPath(new URL('./build/commander-spawn.ts', import.meta.url));
        build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
          /[\\/]commander[\\/]lib[\\/]/.test(args.importer) ? { path: spawnOnDemand } : undefined,
        );
      },
    },
  ],
  esbuildOptions(options) {
    // The SDK resolves to its sources through the workspace's source condition; `module` is
    // esbuild's default condition, which setting conditions would drop. The CLI's redaction is the
    // SDK's `./redact` entry, which imports nothing, so --help loads no SDK.
    options.conditions = [SOURCE_CONDITION, 'module'];
  },
});
