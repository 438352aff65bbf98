import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { type DynamicValues, render, resolve } from './resolve.js';

/** Profile names and config keys, read without failing: a broken config file offers nothing. */
function dynamicValues(ctx: CliContext): DynamicValues {
  return async (kind) => {
    if (kind === 'config-key') return Object.keys((await import('../config/keys.js')).CONFIG_KEYS);
    try {
      return Object.keys((await ctx.config()).profiles());
    } catch {
      return [];
    }
  };
}

/** `agent-cli __complete WORDS…`: what the completion scripts offer for the last word. */
export async function complete(program: Command, words: readonly string[], ctx: CliContext): Promise<void> {
  ctx.io.out(render(await resolve(program, words.length ? words : [''], dynamicValues(ctx))));
}
