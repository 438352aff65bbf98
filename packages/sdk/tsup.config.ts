import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'models/index': 'src/models/index.ts' },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { paths: {} } },
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  treeshake: true,
  splitting: true,
});
