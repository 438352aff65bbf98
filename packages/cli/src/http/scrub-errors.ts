import { FETCH_REPORTS_IN_CALL } from '@credential-agent/sdk';
import type { Secrets } from '../config/secrets.js';

/** The largest error body scrubbed whole; a larger one is passed on as it comes. */
const SCRUBBED_WHOLE = 1024 * 1024;

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
    headers.delete('content-length');
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
 * The body read whole (up to {@link SCRUBBED_WHOLE} bytes) when the SDK first reads it, and given
 * scrubbed, as UTF-8; a larger body is passed on unchanged. Cancelling it cancels the answer's body.
 */
function scrubbedBody(body: ReadableStream<Uint8Array>, secrets: Secrets): ReadableStream<Uint8Array> {
  const reader = body.getReader();
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
        if (size > SCRUBBED_WHOLE) {
          passing = true;
          for (const chunk of chunks) controller.enqueue(chunk);
          return;
        }
      }
      const text = new TextDecoder().decode(Buffer.concat(chunks));
      controller.enqueue(new TextEncoder().encode(secrets.scrub(text)));
      controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
