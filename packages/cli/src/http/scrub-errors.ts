import { FETCH_REPORTS_IN_CALL } from '@credential-agent/sdk';
import type { Secrets } from '../config/secrets.js';

/**
 * The part of an error body scrubbed: whole up to this size, else its beginning (where the SDK
 * finds the words it shows), the rest passed on as it comes. Scrubbing holds up the event loop
 * (signals, the deadline) for a time that grows with the text.
 */
const SCRUBBED = 64 * 1024;

/**
 * `fetch` whose error answers (4xx, 5xx) have the run's secrets scrubbed from their body, in every
 * form the CLI knows, before the SDK reads it. The SDK scrubs its own secrets and forms and then
 * cuts a plain-text message at 200 characters: a secret only the CLI knows (a password from the
 * environment, a key), or one in a form only the CLI knows (a URL path's encoding, an HTML entity),
 * that straddled the cut would leave its first part in the message. Other answers are untouched:
 * a 2xx body is the data asked for, a redirect is the SDK's to refuse.
 */
export function scrubErrorAnswers(fetch: typeof globalThis.fetch, secrets: Secrets): typeof globalThis.fetch {
  const scrubbing = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const { status, body } = response;
    if (status < 400 || status > 599 || body === null) return response;
    const headers = new Headers(response.headers);
    // The SDK refuses a declared length over its limit before reading: a large one stays.
    if (Number(headers.get('content-length')) <= SCRUBBED) headers.delete('content-length');
    const scrubbed = new Response(scrubbedBody(body, secrets), {
      status,
      statusText: response.statusText,
      headers,
    });
    // What the SDK checks of where the answer came from stays the answer's own.
    return Object.defineProperties(scrubbed, {
      url: { value: response.url },
      redirected: { value: response.redirected },
      type: { value: response.type },
    });
  };
  return Object.assign(scrubbing, { [FETCH_REPORTS_IN_CALL]: true as const });
}

/**
 * The body as the SDK reads it, scrubbed: read whole up to {@link SCRUBBED} bytes and given
 * scrubbed as UTF-8 (a byte order mark kept: the SDK drops one); of a larger body, its first
 * {@link SCRUBBED} bytes (to a character's end) are given scrubbed and the rest as it comes.
 * Cancelling it cancels the answer's body.
 */
function scrubbedBody(body: ReadableStream<Uint8Array>, secrets: Secrets): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const scrubbed = (bytes: Uint8Array) =>
    new TextEncoder().encode(scrubText(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), secrets));
  let passing = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (passing) {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
        return;
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        chunks.push(next.value);
        size += next.value.byteLength;
        if (size > SCRUBBED) {
          passing = true;
          const read = Buffer.concat(chunks);
          const end = characterEnd(read, SCRUBBED);
          controller.enqueue(scrubbed(read.subarray(0, end)));
          controller.enqueue(read.subarray(end));
          return;
        }
      }
      controller.enqueue(scrubbed(Buffer.concat(chunks)));
      controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Where the UTF-8 character that holds byte `at - 1` ends, or where it begins if it ends after
 * `at`: a cut there splits no character.
 */
function characterEnd(bytes: Uint8Array, at: number): number {
  let start = at - 1;
  while (start > 0 && at - start < 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--;
  const lead = bytes[start] ?? 0;
  const length = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return start + length <= at ? at : start;
}

/**
 * A body's text scrubbed; JSON scrubbed value by value and written again, so that a secret that
 * matches JSON's own text (`true`, `null`, digits) leaves it JSON (`"error":"[REDACTED]"`), not text.
 */
function scrubText(text: string, secrets: Secrets): string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return secrets.scrub(text);
  }
  return JSON.stringify(secrets.scrubData(json));
}
