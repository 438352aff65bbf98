import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerWrite } from './write.js';

/** Registers `dids write`. */
export function register(group: Command, ctx: CliContext): void {
  registerWrite(group, ctx);
}
