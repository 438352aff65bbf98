import { InvalidArgumentError } from 'commander';
import type { Profile } from '../../config/file.js';
import { argument, type RawInput } from '../../startup/actions.js';
import { closest } from '../../startup/closest.js';

/** The settings `config get/set` know, by their command-line names. */
export const CONFIG_KEYS = {
  'base-url': 'baseUrl',
  org: 'org',
  'agent-url': 'agentUrl',
  'agent-key': 'agentKey',
  'agent-line': 'agentLine',
  'tenant-id': 'tenantId',
  'password-key': 'passwordKey',
  insecure: 'insecure',
} as const satisfies Record<string, keyof Profile>;

/** Keys whose values are secrets: set from stdin (`-`), never printed. */
export const SECRET_KEYS: ReadonlySet<string> = new Set(['agent-key', 'password-key']);

/** A key of {@link CONFIG_KEYS}. */
export type ConfigKey = keyof typeof CONFIG_KEYS;

/** Commander parser of a config key. */
export function parseKey(value: string): ConfigKey {
  if (!(value in CONFIG_KEYS)) {
    const known = Object.keys(CONFIG_KEYS);
    const guess = closest(value.replace(/_/g, '-'), known);
    throw new InvalidArgumentError(
      `unknown key "${value}" (known: ${known.join(', ')})${guess ? ` (did you mean ${guess}?)` : ''}`,
    );
  }
  return value as ConfigKey;
}

/** Options of `config get` and `config unset`: the key. */
export interface KeyOptions {
  key: ConfigKey;
}

export function parseKeyOptions(raw: RawInput): KeyOptions {
  return { key: parseKey(argument(raw, 0)) };
}
