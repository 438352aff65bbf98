/**
 * Bytes of `maxResponseBytes` per JSON object or array an answer may hold. Decoding a JSON object
 * costs some 60 bytes of memory and far more time than its two bytes of text, so the byte cap alone
 * let 12 MB of `{},` take 700 MB and most of a minute; a real credential record holds about one
 * object or array per 90 bytes.
 */
export const BYTES_PER_CONTAINER = 64;

/**
 * A counter of the JSON objects and arrays of a body (`{` and `[` outside strings), fed its chunks
 * as they arrive; it returns false once there are more than `limit`. A body of at most twice
 * `limit` bytes cannot hold more, so it costs nothing: its chunks are only held until the body
 * passes that size, and counted then.
 */
export function containerCounter(limit: number): (chunk: Uint8Array) => boolean {
  let count = 0;
  let bytes = 0;
  let held: Uint8Array[] | undefined = [];
  let inString = false;
  let escaped = false;
  const scan = (chunk: Uint8Array) => {
    for (const b of chunk) {
      if (inString) {
        if (escaped) escaped = false;
        else if (b === 0x5c) escaped = true;
        else if (b === 0x22) inString = false;
      } else if (b === 0x22) inString = true;
      else if (b === 0x7b || b === 0x5b) count++;
    }
  };
  return (chunk) => {
    bytes += chunk.byteLength;
    if (!held) scan(chunk);
    else if (held.push(chunk) && bytes > limit * 2) {
      held.forEach(scan);
      held = undefined;
    }
    return count <= limit;
  };
}
