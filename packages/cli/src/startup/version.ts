/** Inlined by the build (tsup and the launcher's esbuild) and by the tests' config: build/version.ts. */
declare const __AGENT_CLI_VERSION__: string;

/** The CLI's version, from its package.json (build/version.ts reads it, once). */
export const VERSION: string = __AGENT_CLI_VERSION__;
