import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Base URL every contract test talks to; msw intercepts it, nothing leaves the process. */
export const BASE_URL = 'http://agent.test';

/** What the mock service received, as it arrived on the wire. */
export interface RecordedRequest {
  method: string;
  /** The raw (still percent-encoded) path, e.g. `/oob/a%2Fb`. */
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  contentType: string | null;
  /** The JSON body, or `undefined` when none was sent. */
  body: unknown;
}

/** An answer of the mock service. `json` and `text` are mutually exclusive. */
export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST';
type Responder = Reply | ((request: RecordedRequest, index: number) => Reply);

const server = setupServer();
const recorded: RecordedRequest[] = [];
let seen = 0;
server.events.on('request:start', () => {
  seen++;
});

async function record(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  const entry: RecordedRequest = {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    authorization: request.headers.get('authorization'),
    contentType: request.headers.get('content-type'),
    body: text ? JSON.parse(text) : undefined,
  };
  recorded.push(entry);
  return entry;
}

function toResponse(reply: Reply): Response {
  const init = { status: reply.status ?? 200, headers: reply.headers ?? {} };
  if (reply.text !== undefined) {
    return new HttpResponse(reply.text, {
      ...init,
      headers: { 'content-type': reply.contentType ?? 'text/plain', ...init.headers },
    });
  }
  if (reply.json === undefined) return new HttpResponse(null, init);
  return HttpResponse.json(reply.json as Parameters<typeof HttpResponse.json>[0], init);
}

/**
 * Installs the msw server for the calling test file (`onUnhandledRequest: 'error'`, handlers and
 * records reset after each test) and returns the helpers the tests use.
 */
export function useMockService() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    recorded.length = 0;
    seen = 0;
  });
  afterAll(() => server.close());
  return mockService;
}

/** The helpers of {@link useMockService}. */
export const mockService = {
  /**
   * Answers `method path` (an msw pattern relative to {@link BASE_URL}); a function responder is
   * called per request with the recorded request and its 0-based index.
   */
  on(method: Method, path: string, responder: Responder): void {
    let index = 0;
    const resolver = async ({ request }: { request: Request }) => {
      const entry = await record(request);
      const reply = typeof responder === 'function' ? responder(entry, index++) : responder;
      return toResponse(reply);
    };
    server.use(
      method === 'GET' ? http.get(`${BASE_URL}${path}`, resolver) : http.post(`${BASE_URL}${path}`, resolver),
    );
  },
  /** Requests the handlers answered, in order. */
  get requests(): readonly RecordedRequest[] {
    return recorded;
  },
  /** The single request answered; fails when there were none or several. */
  only(): RecordedRequest {
    if (recorded.length !== 1) throw new Error(`expected exactly 1 request, got ${recorded.length}`);
    return recorded[0] as RecordedRequest;
  },
  /** Every request that reached msw, handled or not. */
  get seen(): number {
    return seen;
  },
};
