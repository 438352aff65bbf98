import type { Command } from 'commander';
import type { Bind } from '../../startup/actions.js';
import { registerDelete } from './delete.js';
import { registerGet } from './get.js';
import { registerList } from './list.js';
import { registerSet } from './set.js';
import { registerUnset } from './unset.js';
import { registerUse } from './use.js';

/** Registers `config get|set|unset|list|use|delete`. */
export function register(group: Command, bind: Bind): void {
  registerGet(group, bind);
  registerSet(group, bind);
  registerUnset(group, bind);
  registerList(group, bind);
  registerUse(group, bind);
  registerDelete(group, bind);
}
