/**
 * Redaction of secrets in text and values, as the SDK applies it to errors and hooks. This entry
 * point imports nothing else, so a program can scrub its output without loading the client.
 * @packageDocumentation
 */
export { REDACTED, redactHeaders, redactValue, scrub } from './core/redact.js';
