import { defineConfig } from 'tsup';

const entry = { index: 'src/index.ts', 'models/index': 'src/models/index.ts', redact: 'src/redact.ts' };

export default defineConfig([
  {
    entry,
    format: ['esm'],
    dts: true,
    target: 'es2022',
    platform: 'neutral',
    sourcemap: true,
    clean: true,
    treeshake: true,
    splitting: true,
  },
  {
    entry,
    format: ['cjs'],
    dts: true,
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
    treeshake: true,
  },
]);
