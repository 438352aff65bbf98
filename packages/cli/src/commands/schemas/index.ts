import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerCreate } from './create.js';

/** Registers `schemas create`. */
export function register(group: Command, ctx: CliContext): void {
  registerCreate(group, ctx);
}
