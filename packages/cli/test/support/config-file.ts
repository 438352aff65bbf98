import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../../src/config/file.js';

/** The config file as stored, parsed. */
export interface ConfigFile {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

/** Reads `config.json` of a config dir. */
export function readConfig(dir: string): ConfigFile {
  return JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as ConfigFile;
}
