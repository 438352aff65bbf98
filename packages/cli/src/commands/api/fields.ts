import { UsageError } from '../../errors.js';

/** A `-F` value: `true`, `false`, `null`, numbers, arrays and objects as JSON; anything else a string. */
function typed(value: string): unknown {
  if (!/^(true|false|null|-?\d|[[{"])/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function split(flag: string, entry: string): [string, string] {
  const at = entry.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} ${entry}: expected key=value`);
  return [entry.slice(0, at), entry.slice(at + 1)];
}

/**
 * The fields of `-f key=value` (strings) and `-F key=value` (typed), in one object.
 * @throws {@link UsageError} naming the flag and the entry without `=` or key.
 */
export function fieldsOf(
  raw: readonly string[] = [],
  typedEntries: readonly string[] = [],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const entry of raw) {
    const [key, value] = split('-f', entry);
    fields[key] = value;
  }
  for (const entry of typedEntries) {
    const [key, value] = split('-F', entry);
    fields[key] = typed(value);
  }
  return fields;
}

/** Fields as query values: strings as they are, anything else as JSON. */
export function asQuery(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}
