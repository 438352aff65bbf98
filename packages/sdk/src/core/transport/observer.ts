import { redactHeaders, redactValue, scrub } from '../redact.js';
import type { RetryEvent, TransportHooks } from '../transport-types.js';
import type { Answer, Outgoing } from './attempt.js';

type Secrets = readonly (string | undefined)[];

/** Calls the client's hooks with secrets redacted; a hook that throws never fails the call. */
export class Observer {
  readonly #hooks: TransportHooks;

  constructor(hooks: TransportHooks) {
    this.#hooks = hooks;
  }

  /** Before an attempt is sent. */
  request(out: Outgoing, attempt: number, body: unknown, secrets: Secrets): void {
    notify(this.#hooks.onRequest, () => ({
      method: out.info.method,
      url: scrub(out.url, secrets),
      attempt,
      headers: redactHeaders(new Headers(out.headers), secrets),
      body: redactValue(body, secrets),
    }));
  }

  /** Once an answer has been read, error answers included. */
  response(out: Outgoing, answer: Answer, attempt: number, secrets: Secrets): void {
    notify(this.#hooks.onResponse, () => ({
      method: out.info.method,
      url: scrub(out.url, secrets),
      attempt,
      status: answer.status,
      headers: redactHeaders(answer.headers, secrets),
      body: redactValue(answer.body, secrets),
      durationMs: answer.durationMs,
    }));
  }

  /** Before waiting to retry. */
  retry(event: RetryEvent, secrets: Secrets): void {
    // The reason is the error's message, already scrubbed with the same secrets.
    notify(this.#hooks.onRetry, () => ({ ...event, url: scrub(event.url, secrets) }));
  }
}

/** Calls `hook`, if any, with the event `make` builds; a failing observer (or a value too odd to redact) must not fail the call. */
function notify<E>(hook: ((event: E) => void) | undefined, make: () => E): void {
  if (!hook) return;
  try {
    hook(make());
  } catch {
    // Nothing to do: the call goes on.
  }
}
