import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { writeLauncher } from './build/launcher.js';
import { VERSION_DEFINE } from './build/version.js';

const REQUIRE_SHIM =
  "import { createRequire as __cliCreateRequire } from 'node:module';\nconst require = __cliCreateRequire(import.meta.url);\n";
const sdkSource = (path: string) => fileURLToPath(new URL(`../sdk/src/${path}`, import.meta.url));

// One bundled program: the SDK (from source, so unused parts are dropped) and every dependency are
// inlined. Code splitting keeps lazily imported modules (SDK, prompts, ora, conf) in their own
// chunks, so `--help` through the program never loads them. The package's bin is the launcher in
// front of it (src/launcher.ts, built by writeLauncher once the program is built).
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
  // Bundled CommonJS dependencies (commander, ajv, …) call require() for Node built-ins; the banner
  // gives every chunk one.
  banner: { js: `#!/usr/bin/env node\n${REQUIRE_SHIM}` },
  define: VERSION_DEFINE,
  async onSuccess() {
    await writeLauncher(new URL('./dist/', import.meta.url));
  },
  esbuildOptions(options) {
    options.alias = {
      '@credential-agent/sdk/models': sdkSource('models/index.ts'),
      // The CLI's redaction is the SDK's, without loading the SDK for --help (core/redact.ts imports nothing).
      '@credential-agent/sdk/redact': sdkSource('core/redact.ts'),
      '@credential-agent/sdk': sdkSource('index.ts'),
    };
  },
});
