// MD5 (RFC 1321), only for OpenSSL's EVP_BytesToKey in password-encryption.ts: WebCrypto has no
// MD5, and this bundles to 0.9 KB minified (0.6 KB gzip) against 4.4 KB (2.1 KB gzip) for the md5 of
// @noble/hashes 2.4, a runtime dependency the SDK would otherwise add (DESIGN: ky and zod only).
// It is a key derivation the platform dictates, not a security choice.

const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

function rounds(state: Uint32Array, block: DataView, offset: number): void {
  let [a, b, c, d] = state as unknown as [number, number, number, number];
  for (let i = 0; i < 64; i++) {
    let f: number;
    let g: number;
    if (i < 16) [f, g] = [(b & c) | (~b & d), i];
    else if (i < 32) [f, g] = [(d & b) | (~d & c), (5 * i + 1) % 16];
    else if (i < 48) [f, g] = [b ^ c ^ d, (3 * i + 5) % 16];
    else [f, g] = [c ^ (b | ~d), (7 * i) % 16];
    const sum = (a + f + (K[i] as number) + block.getUint32(offset + g * 4, true)) >>> 0;
    const s = SHIFTS[(i >> 4) * 4 + (i % 4)] as number;
    [a, d, c] = [d, c, b];
    b = (b + ((sum << s) | (sum >>> (32 - s)))) >>> 0;
  }
  state[0] = (state[0] as number) + a;
  state[1] = (state[1] as number) + b;
  state[2] = (state[2] as number) + c;
  state[3] = (state[3] as number) + d;
}

/** The 16-byte MD5 digest of `data`. */
export function md5(data: Uint8Array): Uint8Array {
  const padded = new Uint8Array((((data.length + 8) >> 6) + 1) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, (data.length * 8) >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(data.length / 2 ** 29), true);
  const state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  for (let offset = 0; offset < padded.length; offset += 64) rounds(state, view, offset);
  const digest = new DataView(new ArrayBuffer(16));
  for (let i = 0; i < 4; i++) digest.setUint32(i * 4, state[i] as number, true);
  return new Uint8Array(digest.buffer);
}
