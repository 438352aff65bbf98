import { defineConfig } from 'tsup';

const entry = {
  index: 'src/index.ts',
  'models/index': 'src/models/index.ts',
  redact: 'src/redact.ts',
  token: 'src/token.ts',
};

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
    // ky is ESM-only: the CommonJS build carries its own copy so that `require` works on every Node 20.
    entry,
    format: ['cjs'],
    dts: true,
    target: 'es2022',
    platform: 'node',
    sourcemap: true,
    noExternal: ['ky'],
    treeshake: true,
  },
]);
