import { basename, dirname } from 'node:path';
import Conf, { type Options } from 'conf';
import { replaceFile } from './private-file.js';
import type { ConfigData } from './schema.js';

/** conf, as far as the config store uses it (its write and mkdir are private in its types). */
type ConfBase = new (options: Options<ConfigData>) => { store: ConfigData; readonly path: string };

/**
 * conf, writing the way the config store must. conf's own write (atomically) resolves a symlink at
 * the file and writes its target, and opens its temporary file without `O_EXCL`; its mkdir has
 * no mode (0777 under `umask 000`). So the file is written by {@link replaceFile}, and the
 * directory is made (0700) and checked by the store before conf opens it.
 */
class ConfigConf extends (Conf as unknown as ConfBase) {
  _write(value: ConfigData): void {
    replaceFile(this.path, `${JSON.stringify(value, null, '\t')}\n`);
  }
  _ensureDirectory(): void {}
}

/**
 * Opens `path` with conf: it reads the file (through `parse`, which checks it) at once. Call with
 * the config lock held, change `store`, assign it back to write.
 */
export function openConf(path: string, parse: (text: string) => ConfigData) {
  const name = basename(path);
  return new ConfigConf({
    cwd: dirname(path),
    configName: name.replace(/\.json$/, ''),
    projectSuffix: '',
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false,
    watch: false,
    configFileMode: 0o600,
    deserialize: parse,
  });
}
