import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerCreate } from './create.js';
import { registerEmail } from './email.js';

/** Registers `offers create` and `offers email`. */
export function register(group: Command, ctx: CliContext): void {
  registerCreate(group, ctx);
  registerEmail(group, ctx);
}
