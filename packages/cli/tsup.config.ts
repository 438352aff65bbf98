import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'tsup';
import { writeLauncher } from './build/launcher.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const REQUIRE_SHIM =
  "import { createRequire as __cliCreateRequire } from 'node:module';\nconst require = __cliCreateRequire(import.meta.url);\n";
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
  // Bundled CommonJS dependencies (commander, ajv, …) call require() for Node built-ins; the banner
  // gives every chunk one. bin.js needs none, and drops it for a faster `--version` (onSuccess).
  banner: { js: `#!/usr/bin/env node\n${REQUIRE_SHIM}` },
  // `--version` is answered in bin.ts from this constant, before any other module loads.
  define: { __AGENT_CLI_VERSION__: JSON.stringify(version) },
  async onSuccess() {
    const bin = fileURLToPath(new URL('./dist/bin.js', import.meta.url));
    const text = await readFile(bin, 'utf8');
    await writeFile(bin, text.replace(REQUIRE_SHIM, ''));
    await writeLauncher(new URL('./dist/', import.meta.url), version);
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
