import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { bashReplies } from './bash.js';
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

/**
 * `agent-cli __complete WORDS…` (zsh, fish: the words unquoted, the last one being typed) or
 * `agent-cli __complete --bash COMP_TYPE COMP_WORDBREAKS LINE` (bash: the line up to the cursor as typed).
 */
export async function complete(program: Command, words: readonly string[], ctx: CliContext): Promise<void> {
  if (words[0] === '--bash') {
    ctx.io.out(await bashReplies(program, words.slice(1), dynamicValues(ctx)));
    return;
  }
  ctx.io.out(render(await resolve(program, words.length ? words : [''], dynamicValues(ctx))));
}
