import { readFileSync } from 'node:fs';

/**
 * The CLI's version, read from its package.json: the one source. The build inlines it into the
 * program and the launcher, and the tests' config defines it the same way (src/startup/version.ts).
 */
export const PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The `define` that gives src/startup/version.ts its value. */
export const VERSION_DEFINE = { __AGENT_CLI_VERSION__: JSON.stringify(PACKAGE_VERSION) };
