import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerList } from './list.js';
import { registerNegotiate } from './negotiate.js';

/** Registers `credentials list` and `credentials negotiate`. */
export function register(group: Command, ctx: CliContext): void {
  registerList(group, ctx);
  registerNegotiate(group, ctx);
}
