import { UsageError } from '../../errors/usage-error.js';

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
 * Whether the holder belongs to the shard: 32 bits of the digest of their normalised e-mail
 * address, modulo n, equal i − 1. The assignment depends only on the holder, not on where the row
 * stands, so parallel jobs split the CSV without overlap however it is edited between runs.
 */
export function inShard(shard: Shard | undefined, holder: { hi: number }): boolean {
  return shard === undefined || holder.hi % shard.count === shard.index - 1;
}
