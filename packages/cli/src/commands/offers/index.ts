import type { Command } from 'commander';
import type { Bind } from '../../startup/actions.js';
import { registerCreate } from './create.js';
import { registerEmail } from './email.js';

/** Registers `offers create` and `offers email`. */
export function register(group: Command, bind: Bind): void {
  registerCreate(group, bind);
  registerEmail(group, bind);
}
