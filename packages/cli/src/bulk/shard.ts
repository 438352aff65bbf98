import { UsageError } from '../errors.js';

/** A slice of the rows: shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * Parses `--shard i/n` (1 ≤ i ≤ n).
 * @throws {@link UsageError} for anything else.
 */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard must look like i/n with 1 ≤ i ≤ n (e.g. 2/4), got "${text}"`);
  }
  return { index, count };
}

/**
 * Whether the data record at 0-based `position` (header excluded, file order) belongs to the shard:
 * position modulo n equals i − 1. The assignment depends only on the file, so parallel jobs with
 * the same CSV split it without overlap.
 */
export function inShard(shard: Shard | undefined, position: number): boolean {
  return shard === undefined || position % shard.count === shard.index - 1;
}
