import type { Command } from 'commander';
import type { Bind } from '../../startup/actions.js';
import { registerAccept } from './accept.js';
import { registerGet } from './get.js';

/** Registers `oob get` and `oob accept`. */
export function register(group: Command, bind: Bind): void {
  registerGet(group, bind);
  registerAccept(group, bind);
}
