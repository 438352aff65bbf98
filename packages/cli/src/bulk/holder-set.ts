/**
 * The holders seen so far, for the duplicate check: 64 bits of each holder's digest and the line it
 * was first seen on, in flat typed arrays (12 bytes a slot, at most 3/4 full), so a million rows
 * take about 16 MB rather than a JavaScript map's hundred.
 */
export class HolderSet {
  #slots = new Uint32Array(3 * 1024);
  #size = 0;

  /** Adds the holder; returns the line it was first seen on when it was there already. */
  add(hi: number, lo: number, line: number): number | undefined {
    if ((this.#size + 1) * 4 > this.#capacity() * 3) this.#grow();
    const slot = this.#find(this.#slots, hi, lo);
    const s = this.#slots;
    if (s[slot * 3 + 2] !== 0) return s[slot * 3 + 2];
    s[slot * 3] = hi;
    s[slot * 3 + 1] = lo;
    s[slot * 3 + 2] = line;
    this.#size++;
    return undefined;
  }

  #capacity(): number {
    return this.#slots.length / 3;
  }

  /** The slot of (hi, lo), or the empty slot where it would go (line 0 marks an empty slot). */
  #find(slots: Uint32Array, hi: number, lo: number): number {
    const mask = slots.length / 3 - 1;
    for (let slot = lo & mask; ; slot = (slot + 1) & mask) {
      if (slots[slot * 3 + 2] === 0) return slot;
      if (slots[slot * 3] === hi && slots[slot * 3 + 1] === lo) return slot;
    }
  }

  #grow(): void {
    const old = this.#slots;
    const slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 3) {
      if (old[i + 2] === 0) continue;
      const slot = this.#find(slots, old[i] as number, old[i + 1] as number);
      slots.set(old.subarray(i, i + 3), slot * 3);
    }
    this.#slots = slots;
  }
}
