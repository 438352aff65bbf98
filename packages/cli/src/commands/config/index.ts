import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerGet } from './get.js';
import { registerList } from './list.js';
import { registerSet } from './set.js';
import { registerUse } from './use.js';

/** Registers `config get|set|list|use`. */
export function register(group: Command, ctx: CliContext): void {
  registerGet(group, ctx);
  registerSet(group, ctx);
  registerList(group, ctx);
  registerUse(group, ctx);
}
