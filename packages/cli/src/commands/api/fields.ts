import { UsageError } from '../../errors/usage-error.js';

/** The JSON tokens of a text that matter here: strings (skipped) and numbers. */
const JSON_TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** The significant digits and the decimal exponent of a number written in decimal (`"1.50e2"` → 15, 1). */
function decimal(text: string): { digits: string; exponent: number } {
  const [mantissa = '', exp = '0'] = text.replace(/^-/, '').toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const all = `${whole}${fraction}`;
  const lead = all.length - all.replace(/^0+/, '').length;
  const digits = all.replace(/^0+/, '').replace(/0+$/, '');
  return { digits, exponent: Number(exp) + whole.length - lead - 1 };
}

/** Whether a JSON number token is sent as the same decimal value (JSON carries doubles). */
function exact(token: string): boolean {
  const value = Number(token);
  if (!Number.isFinite(value)) return false;
  const want = decimal(token);
  const sent = decimal(String(Math.abs(value)));
  return want.digits === '' ? value === 0 : sent.digits === want.digits && sent.exponent === want.exponent;
}

/**
 * A `-F` value: `true`, `false`, `null`, numbers, arrays and objects as JSON; anything else a
 * string. @throws {@link UsageError} naming the field when a number in it would not be sent as
 * written (beyond a double's precision or range: `12345678901234567890`, `1e999`).
 */
function typed(key: string, value: string): unknown {
  if (!/^(true|false|null|-?\d|[[{"])/.test(value)) return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return value;
  }
  for (const [token] of value.matchAll(JSON_TOKENS)) {
    if (token.startsWith('"') || exact(token)) continue;
    throw new UsageError(
      `-F ${key}: the number ${token} would be sent as ${JSON.stringify(Number(token))}; use -f ${key}=… to send it as a string`,
    );
  }
  return parsed;
}

function split(flag: string, entry: string): [string, string] {
  const at = entry.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} ${entry}: expected key=value`);
  return [entry.slice(0, at), entry.slice(at + 1)];
}

/** Sets a field as an own property: `__proto__` is data too, not the object's prototype. */
function set(fields: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(fields, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The fields of `-f key=value` (strings) and `-F key=value` (typed), in one object; any key is
 * kept as data (`__proto__`, `constructor`).
 * @throws {@link UsageError} naming the flag and the entry without `=` or key.
 */
export function fieldsOf(
  raw: readonly string[] = [],
  typedEntries: readonly string[] = [],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const entry of raw) {
    const [key, value] = split('-f', entry);
    set(fields, key, value);
  }
  for (const entry of typedEntries) {
    const [key, value] = split('-F', entry);
    set(fields, key, typed(key, value));
  }
  return fields;
}

/** Fields as query values: strings as they are, anything else as JSON. */
export function asQuery(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}
