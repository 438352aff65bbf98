import { defineConfig } from 'tsup';

// One ESM build: the library and the `agent-sandbox` binary (src/bin.ts starts with a shebang,
// which esbuild keeps). The SDK and msw stay external: they are dependencies, resolved at run time.
export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' }, compilerOptions: { customConditions: [] } },
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  splitting: true,
  external: ['@credential-agent/sdk', '@credential-agent/sdk/models', 'msw', 'zod'],
});
