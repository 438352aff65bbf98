/**
 * A stateful fake of the Credential Agent Service: msw handlers for unit and contract tests, a
 * loopback HTTP server for end-to-end tests and demos, and fault injection for reliability tests.
 * @packageDocumentation
 */

export { FAULT_KINDS, FaultController, type FaultKind, type FaultSpec } from './faults/controller.js';
export { parseFaultSpecs } from './faults/parse.js';
// The records as the sandbox stores them (read them through `SandboxState`). They carry a
// `Sandbox` prefix because the SDK exports its own, looser, parsed shapes under the plain names.
export type { SandboxConnectionRecord } from './records/connection.js';
export type { SandboxCredentialRecord } from './records/credential.js';
export type { SandboxDidRecord } from './records/did.js';
export type { SandboxOutOfBandRecord } from './records/oob.js';
export type { SandboxProofRecord } from './records/proof.js';
export type { SandboxSchemaRecord } from './records/schema.js';
export { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';
export { type RunningSandbox, type StartSandboxOptions, startSandbox } from './server.js';
export {
  DEMO_ORG_ID,
  DEMO_USER,
  type OrgRecord,
  OTHER_ORG_ID,
  type ReceivedRequest,
  SandboxState,
  type SentEmail,
  type TokenRecord,
  type TokenTable,
  type UserRecord,
} from './state.js';
