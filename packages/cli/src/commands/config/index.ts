import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerDelete } from './delete.js';
import { registerGet } from './get.js';
import { registerList } from './list.js';
import { registerSet } from './set.js';
import { registerUnset } from './unset.js';
import { registerUse } from './use.js';

/** Registers `config get|set|unset|list|use|delete`. */
export function register(group: Command, ctx: CliContext): void {
  registerGet(group, ctx);
  registerSet(group, ctx);
  registerUnset(group, ctx);
  registerList(group, ctx);
  registerUse(group, ctx);
  registerDelete(group, ctx);
}
