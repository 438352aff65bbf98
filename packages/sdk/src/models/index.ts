/**
 * The zod schemas of every request and response of the Credential Agent Service, with their
 * inferred types and the known enum values. Importing only this entry point pulls in zod, not the
 * HTTP client.
 * @packageDocumentation
 */
export * from './auth.js';
export * from './common.js';
export * from './connections.js';
export * from './credentials.js';
export * from './dids.js';
export * from './offers.js';
export * from './oob.js';
export * from './proofs.js';
export * from './schemas.js';
