/**
 * The stored token and whether it has expired, as the client decides it. This entry point imports
 * nothing else, so a program can look at a saved token (a CLI's `whoami`, a health check) without
 * loading the client, its models and zod.
 * @packageDocumentation
 */
export {
  type AgentBinding,
  isExpired,
  MemoryTokenStore,
  type StoredToken,
  type TokenStore,
} from './core/token-store.js';
