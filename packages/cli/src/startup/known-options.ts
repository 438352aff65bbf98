// Kept apart from known-values.ts, which takes the SDK's `unknownValue`: the error renderer reads
// which fields have known values on every run, and must not load the SDK (and with it ky, which
// touches Node's fetch classes) before the CLI's light ones are installed.
import type { Command, Option } from 'commander';

const knownOptions = new WeakSet<Option>();

/** Marks `option` as one whose value has a known list; returns it. */
export function markKnown(option: Option): Option {
  knownOptions.add(option);
  return option;
}

/** A body field whose value has a known list, and the flag that sets it. */
export interface KnownField {
  flag: string;
  values: readonly string[];
}

/** The body fields of `cmd`'s known-value options (`--protocol-version` → `protocolVersion`). */
export function knownFields(cmd: Command): Map<string, KnownField> {
  const fields = new Map<string, KnownField>();
  for (const option of cmd.options) {
    if (knownOptions.has(option) && option.long && option.argChoices) {
      fields.set(option.attributeName(), { flag: option.long, values: option.argChoices });
    }
  }
  return fields;
}
