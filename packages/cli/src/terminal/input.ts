import { InvalidArgumentError } from 'commander';
import type { CliContext } from '../context.js';
import { UsageError } from '../errors/usage-error.js';
import { acceptKnown, unknownValueMessage } from '../startup/known-values.js';
import { parseInputJson, readInputText } from './read-input.js';

/** A JSON object read from `--file`. */
export type Body = Record<string, unknown>;

/** Commander parser of a repeatable option: collects every value in order. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A credential attribute given as `--attr name=value`. */
export interface Attribute {
  name: string;
  value: string;
}

/** Commander parser of a repeatable `--attr name=value`. */
export function collectAttr(value: string, previous: Attribute[] | undefined): Attribute[] {
  const at = value.indexOf('=');
  if (at <= 0) throw new InvalidArgumentError(`expected name=value, got "${value}"`);
  return [...(previous ?? []), { name: value.slice(0, at).trim(), value: value.slice(at + 1) }];
}

/** The attributes {@link collectAttr} collected (undefined when `--attr` was not given). */
export function attrOption(value: unknown): Attribute[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((a: Partial<Attribute>) => ({ name: String(a.name), value: String(a.value) }));
}

/**
 * Reads the JSON object of `--file path` (`-` reads stdin); `{}` when no file was given.
 * @throws {@link UsageError} naming the file when it cannot be read or is not a JSON object.
 * @throws `Cancelled` when the run is cancelled while the file is awaited (a FIFO, stdin).
 */
export async function readBodyFile(ctx: CliContext, file: string | undefined): Promise<Body> {
  if (file === undefined) return {};
  const parsed = parseInputJson('--file', file, await readInputText(ctx, '--file', file));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new UsageError(`--file ${file}: expected a JSON object`);
  }
  return withKnownValues(parsed as Body, file, ctx);
}

/**
 * The file's fields that have a known-value flag follow that flag's rule (a field the flag
 * overrides is not sent, so not checked): a known value, or `"+value"` sent as `value`.
 * @throws {@link UsageError} naming the file and field, the known values and the closest one.
 */
function withKnownValues(body: Body, file: string, ctx: CliContext): Body {
  const checked = { ...body };
  for (const [field, { flag, values }] of ctx.given.known ?? []) {
    const value = body[field];
    if (typeof value !== 'string' || ctx.given.flags.has(flag)) continue;
    const accepted = acceptKnown(value, values);
    if (accepted === undefined) {
      const why = unknownValueMessage(value, values, `"+${value}"`);
      throw new UsageError(`--file ${file}: "${field}" is "${value}": ${why}`);
    }
    checked[field] = accepted;
  }
  return checked;
}

/** The file's body with every flag that was given laid over it (flags win). */
export function mergeFlags<T extends Body>(file: Body, flags: Record<string, unknown>): T {
  const given = Object.entries(flags).filter(([, v]) => v !== undefined);
  return { ...file, ...Object.fromEntries(given) } as T;
}

/**
 * Checks that each required field is present after merging, naming the flag that sets it.
 * @throws {@link UsageError} `missing --connection-id (or "connectionId" in --file)`.
 */
export function requireFields(body: Body, flags: Record<string, string>): void {
  for (const [field, flag] of Object.entries(flags)) {
    const value = body[field];
    if (value === undefined || value === null || value === '') {
      throw new UsageError(`missing ${flag} (or "${field}" in --file)`);
    }
  }
}

/** A required value that has no --file fallback. @throws {@link UsageError} naming the flag. */
export function requireFlag<T>(value: T | undefined, flag: string): T {
  if (value === undefined || value === '') throw new UsageError(`missing ${flag}`);
  return value;
}
