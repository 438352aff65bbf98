import type { Command } from 'commander';
import type { Bind } from '../../startup/actions.js';
import { registerWrite } from './write.js';

/** Registers `dids write`. */
export function register(group: Command, bind: Bind): void {
  registerWrite(group, bind);
}
