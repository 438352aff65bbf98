import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerAccept } from './accept.js';
import { registerGet } from './get.js';

/** Registers `oob get` and `oob accept`. */
export function register(group: Command, ctx: CliContext): void {
  registerGet(group, ctx);
  registerAccept(group, ctx);
}
