import type { Answer, Outgoing } from './attempt.js';
import { redactHeaders, redactValue, scrub } from './redact.js';
import type { RetryEvent, TransportHooks } from './transport-types.js';

type Secrets = readonly (string | undefined)[];

/** Calls the client's hooks with secrets redacted; a hook that throws never fails the call. */
export class Observer {
  readonly #hooks: TransportHooks;

  constructor(hooks: TransportHooks) {
    this.#hooks = hooks;
  }

  /** Before an attempt is sent. */
  request(out: Outgoing, attempt: number, body: unknown, secrets: Secrets): void {
    const hook = this.#hooks.onRequest;
    if (hook) {
      this.#safely(() => {
        const headers = redactHeaders(new Headers(out.headers), secrets);
        const url = scrub(out.url, secrets);
        hook({ method: out.info.method, url, attempt, headers, body: redactValue(body, secrets) });
      });
    }
  }

  /** Once an answer has been read, error answers included. */
  response(out: Outgoing, answer: Answer, attempt: number, secrets: Secrets): void {
    const hook = this.#hooks.onResponse;
    if (hook) {
      this.#safely(() => {
        const { status, durationMs } = answer;
        const headers = redactHeaders(answer.headers, secrets);
        const body = redactValue(answer.body, secrets);
        const url = scrub(out.url, secrets);
        hook({ method: out.info.method, url, attempt, status, headers, body, durationMs });
      });
    }
  }

  /** Before waiting to retry. */
  retry(event: RetryEvent, secrets: Secrets): void {
    const hook = this.#hooks.onRetry;
    if (hook) {
      // The reason is the error's message, already scrubbed with the same secrets.
      this.#safely(() => hook({ ...event, url: scrub(event.url, secrets) }));
    }
  }

  #safely(notify: () => void): void {
    try {
      notify();
    } catch {
      // A failing observer (or a value too odd to redact) must not fail the call.
    }
  }
}
