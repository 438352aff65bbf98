import type { Command } from 'commander';
import type { Bind } from '../../startup/actions.js';
import { registerCreate } from './create.js';

/** Registers `schemas create`. */
export function register(group: Command, bind: Bind): void {
  registerCreate(group, bind);
}
