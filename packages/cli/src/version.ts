import { readFileSync } from 'node:fs';

/** The package version, inlined by the bundler (tsup `define`); absent when running from source. */
declare const __AGENT_CLI_VERSION__: string | undefined;

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The CLI's version, from its package.json. */
export const VERSION: string =
  typeof __AGENT_CLI_VERSION__ === 'string' ? __AGENT_CLI_VERSION__ : packageVersion();
