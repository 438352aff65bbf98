/**
 * A stateful fake of the Credential Agent Service: msw handlers for unit and contract tests, a
 * loopback HTTP server for end-to-end tests and demos, and fault injection for reliability tests.
 * @packageDocumentation
 */

export { FAULT_KINDS, FaultController, type FaultKind, type FaultSpec } from './faults/controller.js';
export { parseFaultSpecs } from './faults/parse.js';
export type { ConnectionRecord, InviteeOptions } from './records/connection.js';
export type { CredentialAttribute, CredentialRecord, CredentialState } from './records/credential.js';
export type { DidDocument, DidRecord, VerificationMethod } from './records/did.js';
export type {
  InvitationService,
  OutOfBandInvitation,
  OutOfBandRecord,
  OutOfBandState,
} from './records/oob.js';
export type { ProofRecord, ProofState } from './records/proof.js';
export type { SchemaRecord } from './records/schema.js';
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
  type UserRecord,
} from './state.js';
