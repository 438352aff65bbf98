/** Entries of one chunk: 8 KiB of 64-bit digests. */
const CHUNK = 1024;
/** Lists, by the first byte of the digest: sorting one list at a time needs 1/256 of the rows more. */
const LISTS = 256;

/**
 * The holders of a CSV, gathered by the first pass to find the holders named on more than one row:
 * the first 64 bits of each holder's digest (8 bytes a row) in fixed chunks of 8 KiB, never copied
 * while the file is read (at most 2 MiB of chunks not yet full). A million rows take 8 MB, and the
 * whole is dropped once the duplicates are known: the pass that sends keeps only those.
 */
export class HolderDigests {
  readonly #lists: BigUint64Array[][] = Array.from({ length: LISTS }, () => []);
  /** Entries in the last chunk of each list. */
  readonly #fill = new Uint16Array(LISTS);

  /** Adds a holder's digest (the 64-bit number of {@link holderId}). */
  add(id: bigint): void {
    const list = Number(id >> 56n);
    const chunks = this.#lists[list] as BigUint64Array[];
    let fill = this.#fill[list] as number;
    if (chunks.length === 0 || fill === CHUNK) {
      chunks.push(new BigUint64Array(CHUNK));
      fill = 0;
    }
    (chunks[chunks.length - 1] as BigUint64Array)[fill] = id;
    this.#fill[list] = fill + 1;
  }

  /**
   * The digests added more than once; the chunks are released as each list is sorted. `sorted`, when
   * given, gets each list sorted, in order (all of them in a row are every digest, ascending).
   */
  duplicates(sorted?: (list: BigUint64Array) => void): Set<bigint> {
    const found = new Set<bigint>();
    for (let list = 0; list < LISTS; list++) {
      const chunks = this.#lists[list] as BigUint64Array[];
      if (chunks.length === 0) continue;
      const size = (chunks.length - 1) * CHUNK + (this.#fill[list] as number);
      const all = new BigUint64Array(size);
      chunks.forEach((chunk, i) => {
        all.set(i === chunks.length - 1 ? chunk.subarray(0, size - i * CHUNK) : chunk, i * CHUNK);
      });
      this.#lists[list] = [];
      all.sort();
      for (let i = 1; i < size; i++) if (all[i] === all[i - 1]) found.add(all[i] as bigint);
      sorted?.(all);
    }
    return found;
  }
}

/** A holder's digest as one 64-bit number, from its two 32-bit halves (see `RowKey`). */
export function holderId(hi: number, lo: number): bigint {
  return (BigInt(hi) << 32n) | BigInt(lo);
}
