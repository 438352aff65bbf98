import { AgentClient, type AgentClientOptions, MemoryTokenStore } from '../../src/index.js';
import { BASE_URL } from './server.js';

/** The bearer token the test clients hold; long enough to be scrubbed from messages. */
export const TOKEN = 'tok-5b1e-very-secret-bearer';

/** A client signed in with {@link TOKEN} (memory store) and fast retries; options override. */
export function signedInClient(options: Partial<AgentClientOptions> = {}) {
  const tokenStore = new MemoryTokenStore({ accessToken: TOKEN, tokenType: 'Bearer' });
  const client = new AgentClient({ baseUrl: BASE_URL, tokenStore, retry: { baseDelay: 1 }, ...options });
  return { client, tokenStore };
}

/** A client without any token. */
export function anonymousClient(options: Partial<AgentClientOptions> = {}): AgentClient {
  return new AgentClient({ baseUrl: BASE_URL, retry: { baseDelay: 1 }, ...options });
}

/**
 * Calls `call`, expecting it to fail, and returns the error (fails the test otherwise). A thunk,
 * because some SDK methods throw their validation errors synchronously instead of rejecting.
 */
export async function rejectionOf(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected the call to reject, but it resolved');
}
