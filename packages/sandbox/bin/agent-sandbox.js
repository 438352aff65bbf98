#!/usr/bin/env node
// Committed, so that `pnpm install` links the bin before anything is built; loads the build.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (existsSync(built)) await import(built.href);
else {
  process.stderr.write('agent-sandbox: the sandbox is not built yet (no dist/): run `pnpm build` first\n');
  process.exitCode = 1;
}
