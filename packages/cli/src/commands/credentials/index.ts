import type { Command } from 'commander';
import type { Bind } from '../../startup/actions.js';
import { registerList } from './list.js';
import { registerNegotiate } from './negotiate.js';

/** Registers `credentials list` and `credentials negotiate`. */
export function register(group: Command, bind: Bind): void {
  registerList(group, bind);
  registerNegotiate(group, bind);
}
