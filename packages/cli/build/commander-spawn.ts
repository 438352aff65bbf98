import type { spawn as nodeSpawn } from 'node:child_process';

// What commander gets for `require('node:child_process')` in the CLI's bundle (tsup.config.ts).
// commander takes the module when it loads, for executable subcommands (a command run as a file of
// its own), which agent-cli has none of; node:child_process with dgram and the socket list is about
// 1 ms of every run (test/e2e/startup.test.ts). The module is taken if commander ever spawns.

/** `child_process.spawn`, taken from Node when it is called. */
export const spawn = ((...args: Parameters<typeof nodeSpawn>) =>
  process.getBuiltinModule('node:child_process').spawn(...args)) as typeof nodeSpawn;
