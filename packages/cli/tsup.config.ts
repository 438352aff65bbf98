import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';

const sdkSource = (path: string) => fileURLToPath(new URL(`../sdk/src/${path}`, import.meta.url));

// One bundled program: the SDK (from source, so unused parts are dropped) and every dependency are
// inlined. Code splitting keeps lazily imported modules (SDK, prompts, ora, conf) in their own
// chunks, so `--version` and `--help` never load them.
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
  // Bundled CommonJS dependencies call require() for Node built-ins.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cliCreateRequire } from 'node:module';\nconst require = __cliCreateRequire(import.meta.url);",
  },
  esbuildOptions(options) {
    options.alias = {
      '@credential-agent/sdk/models': sdkSource('models/index.ts'),
      '@credential-agent/sdk': sdkSource('index.ts'),
    };
  },
});
