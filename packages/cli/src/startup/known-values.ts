import { type RequestEnum, type UnknownValue, unknownValue } from '@credential-agent/sdk';
import { InvalidArgumentError, Option } from 'commander';
import { closest } from './closest.js';
import { markKnown } from './known-options.js';

/**
 * The one rule of known values, for flags and `--file` fields alike: one of `known` (the SDK's
 * list) is taken as it is; `+value` is taken as the SDK's `unknownValue(value)` (for a deployment
 * with values this CLI does not know), which the SDK sends as `value`; anything else is refused.
 * Returns the value to send, or undefined when refused.
 */
export function acceptKnown<T extends readonly string[]>(
  value: string,
  known: T,
): RequestEnum<T> | undefined {
  if (known.includes(value)) return value as T[number];
  if (value.startsWith('+') && value.length > 1) return unknownValue(value.slice(1));
  return undefined;
}

/** Why a value was refused: the known values, the closest one, and how to send it anyway. */
export function unknownValueMessage(value: string, known: readonly string[], anyway: string): string {
  const guess = closest(value, known);
  // An empty value (`--state ""`, `--state +`) is no value to send anyway.
  const empty = value.replace(/^\+/, '').trim() === '';
  const list = `known values: ${known.join(', ')}${guess ? ` (did you mean ${guess}?)` : ''}`;
  return empty ? list : `${list}; to send it anyway write ${anyway}`;
}

/** A parser of an option's value by {@link acceptKnown}; a refused value is a usage error. */
export function knownValue<T extends readonly string[]>(known: T): (value: string) => RequestEnum<T> {
  return (value) => {
    const accepted = acceptKnown(value, known);
    if (accepted === undefined)
      throw new InvalidArgumentError(unknownValueMessage(value, known, `+${value}`));
    return accepted;
  };
}

/**
 * The value of the {@link knownOption} `name` as its parser left it: one of `known`, or the
 * `unknownValue` of a `+value`; undefined when not given.
 */
export function knownOptionValue<T extends readonly string[]>(
  raw: { opts: Readonly<Record<string, unknown>> },
  name: string,
  known: T,
): RequestEnum<T> | undefined {
  const value = raw.opts[name];
  if (typeof value === 'string') return known.includes(value) ? (value as T[number]) : undefined;
  return typeof value === 'object' && value !== null ? (value as UnknownValue) : undefined;
}

/**
 * An option whose value is one of `known` (listed in the help and offered by shell completion), or
 * `+value` for one this CLI does not know. The same field of a `--file` body follows the same rule.
 */
export function knownOption(flags: string, description: string, known: readonly string[]): Option {
  return markKnown(new Option(flags, description).choices(known).argParser(knownValue(known)));
}
