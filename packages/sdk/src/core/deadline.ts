/**
 * The signal of one attempt: the caller's signal joined with the attempt's own timeout. Unlike a
 * timer around `fetch` alone, it keeps running until the body has been read, so a body that
 * trickles in slower than the timeout is a timeout too. Call {@link Deadline.dispose} once the
 * attempt is over.
 */
export class Deadline {
  /** Undefined when there is neither a caller signal nor a timeout. */
  readonly signal: AbortSignal | undefined;
  /** The timeout of the attempt in ms, or `false` for none. */
  readonly timeout: number | false;
  #timedOut = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #release: (() => void) | undefined;

  constructor(caller: AbortSignal | undefined, timeout: number | false) {
    this.timeout = timeout;
    if (timeout === false && !caller) return;
    const controller = new AbortController();
    this.signal = controller.signal;
    if (timeout !== false) {
      this.#timer = setTimeout(() => {
        this.#timedOut = true;
        controller.abort(new DOMException(`timed out after ${timeout} ms`, 'TimeoutError'));
      }, timeout);
    }
    if (caller?.aborted) controller.abort(caller.reason);
    else if (caller) {
      const onAbort = () => controller.abort(caller.reason);
      caller.addEventListener('abort', onAbort, { once: true });
      this.#release = () => caller.removeEventListener('abort', onAbort);
    }
  }

  /** True once the timeout (not the caller) ended the attempt. */
  get timedOut(): boolean {
    return this.#timedOut;
  }

  /** Stops the timer and lets go of the caller's signal. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#release?.();
    this.#release = undefined;
  }
}
