import type { Command } from 'commander';
import type { Bind } from '../../startup/actions.js';
import { registerRequest } from './request.js';

/** Registers `proofs request`. */
export function register(group: Command, bind: Bind): void {
  registerRequest(group, bind);
}
