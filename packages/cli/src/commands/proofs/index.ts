import type { Command } from 'commander';
import type { CliContext } from '../../context.js';
import { registerRequest } from './request.js';

/** Registers `proofs request`. */
export function register(group: Command, ctx: CliContext): void {
  registerRequest(group, ctx);
}
