import pkg from '../package.json' with { type: 'json' };

/** The CLI's version, from its package.json (inlined by the bundler). */
export const VERSION: string = pkg.version;
