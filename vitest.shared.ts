import { fileURLToPath } from 'node:url';

/** Workspace packages resolve to their sources in tests, so no build is needed to run them. */
export const alias = {
  '@credential-agent/sdk/models': fileURLToPath(
    new URL('./packages/sdk/src/models/index.ts', import.meta.url),
  ),
  '@credential-agent/sdk/redact': fileURLToPath(
    new URL('./packages/sdk/src/core/redact.ts', import.meta.url),
  ),
  '@credential-agent/sdk': fileURLToPath(new URL('./packages/sdk/src/index.ts', import.meta.url)),
  '@credential-agent/sandbox': fileURLToPath(new URL('./packages/sandbox/src/index.ts', import.meta.url)),
};
