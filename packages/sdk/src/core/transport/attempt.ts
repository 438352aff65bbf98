import { AgentError, type RequestTarget } from '../errors.js';
import { unexpectedStatus } from '../protocol-errors.js';
import type { ParseDeadline } from '../validation/parse.js';
import { readText } from './body.js';
import { Deadline } from './deadline.js';
import { parseBody } from './envelope.js';
import { attemptError } from './failures.js';
import { isForeign, redirectError } from './redirect.js';
import { proofOf, type WireWatch } from './wire-watch.js';

/**
 * Sends one request: the transport's `fetch` (through ky), with redirects never followed, reporting
 * on `watch` whether it wrote the request (see {@link WireWatch}).
 */
export type Sender = (url: string, init: RequestInit, watch: WireWatch) => Promise<Response>;

/** One request, ready to go out. */
export interface Outgoing {
  info: RequestTarget;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  signal: AbortSignal | undefined;
  timeout: number | false;
}

/** What one attempt got back: a status HTTP allows, from the base URL's origin, read in full. */
export interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  /** The parsed body: JSON when it looks like JSON, else the text; `undefined` when empty. */
  body: unknown;
  durationMs: number;
  /** The attempt's deadline, which validating the body must keep too; none without a timeout. */
  deadline: ParseDeadline | undefined;
}

/** What an attempt is allowed: where answers may come from, how large, what to scrub. */
export interface AttemptLimits {
  baseUrl: string;
  maxResponseBytes: number;
  secrets: readonly (string | undefined)[];
}

/** Cancels the body of an answer that arrives after the attempt gave up on it. */
function discard(pending: Promise<Response>): void {
  pending.then(
    (response) => response.body?.cancel().catch(() => undefined),
    () => undefined,
  );
}

/** Refuses a redirect (followed or not) and a status outside 200–599, cancelling the body. */
function check(response: Response, out: Outgoing, limits: AttemptLimits): void {
  const { status } = response;
  // The URL it asked for is on the base URL's origin: only another one needs parsing.
  const followed =
    response.redirected || (response.url !== out.url && isForeign(response.url, limits.baseUrl));
  const redirect = response.type === 'opaqueredirect' || (status >= 300 && status < 400);
  if (followed || redirect) {
    void response.body?.cancel().catch(() => undefined);
    const location = followed ? response.url : response.headers.get('location');
    throw redirectError(
      out.info,
      { status, location, followed },
      { request: out.url, base: limits.baseUrl },
      limits.secrets,
    );
  }
  if (status < 200 || status > 599) {
    void response.body?.cancel().catch(() => undefined);
    throw unexpectedStatus(out.info, status);
  }
}

/**
 * One attempt, every phase under one deadline: send, wait for the headers, check the status, read
 * the body (capped). Whatever goes wrong is thrown as an {@link AgentError}.
 */
export async function attempt(send: Sender, out: Outgoing, limits: AttemptLimits): Promise<Answer> {
  const deadline = new Deadline(out.signal, out.timeout);
  const started = Date.now();
  let phase: 'send' | 'read' = 'send';
  const watch: WireWatch = { created: false, written: false };
  try {
    const pending = send(
      out.url,
      {
        method: out.info.method,
        headers: out.headers,
        ...(out.payload === undefined ? {} : { body: out.payload }),
        redirect: 'manual',
        ...(deadline.signal ? { signal: deadline.signal } : {}),
      },
      watch,
    );
    const response = await deadline.race(pending).catch((error: unknown) => {
      discard(pending);
      throw error;
    });
    check(response, out, limits);
    phase = 'read';
    const text = await readText(response, deadline, limits.maxResponseBytes, out.info);
    const { timeout } = out;
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body: parseBody(text, response.headers.get('content-type')),
      durationMs: Date.now() - started,
      deadline: timeout === false ? undefined : { expiresAt: started + timeout, timeout },
    };
  } catch (error) {
    if (error instanceof AgentError) throw error;
    throw attemptError(out.info, error, deadline, out.signal, phase, limits, proofOf(watch));
  } finally {
    deadline.dispose();
  }
}
