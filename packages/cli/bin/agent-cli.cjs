#!/usr/bin/env node
'use strict';
// Committed, so that `pnpm install` links the bin before anything is built; loads the build.
const built = require('node:path').join(__dirname, '../dist/agent-cli.cjs');
if (require('node:fs').existsSync(built)) require(built);
else {
  process.stderr.write('agent-cli: the CLI is not built yet (no dist/): run `pnpm build` first\n');
  process.exitCode = 1;
}
