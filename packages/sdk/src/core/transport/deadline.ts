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

  /**
   * Settles like `promise`, or rejects with the abort reason as soon as the deadline passes or the
   * caller aborts, whether or not whatever `promise` waits on heeds the signal. Each phase of an
   * attempt (headers, every chunk of the body) goes through it, so no weak reference inside
   * `fetch` decides when a call ends.
   */
  race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (!signal) return promise;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** Stops the timer and lets go of the caller's signal. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#release?.();
    this.#release = undefined;
  }
}
