/**
 * Whether a stored token has expired, as the client decides it, and the shape the token store
 * keeps. This entry point imports nothing else, so a program can look at a saved token (a CLI's
 * `whoami`, a health check) without loading the client, its models and zod. It holds functions and
 * types only: `MemoryTokenStore` stays in the main entry, so there is one class to test
 * `instanceof` against in CommonJS too, where each entry point is a bundle of its own.
 * @packageDocumentation
 */
export { type AgentBinding, isExpired, type StoredToken, type TokenStore } from './core/token-store.js';
