import { UsageError } from '../../errors/usage-error.js';

/** A slice of the rows: shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * The most shards a run may be split into: far more than a CI matrix has jobs (GitHub's: 256), and
 * few enough that 32 bits of a digest spread holders over them evenly (a count of 10^20 was taken,
 * and every shard but the first 2^32 held nobody).
 */
export const MAX_SHARDS = 4096;

/**
 * Parses `--shard i/n` (1 ≤ i ≤ n ≤ {@link MAX_SHARDS}).
 * @throws {@link UsageError} for anything else.
 */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count || count > MAX_SHARDS) {
    throw new UsageError(
      `--shard must look like i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS} (e.g. 2/4), got "${text}"`,
    );
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
