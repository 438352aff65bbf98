import { now } from './common.js';

/** A schema registered on the (pretend) ledger. */
export interface SandboxSchemaRecord {
  schemaId: string;
  issuerId: string;
  name: string;
  version: string;
  attrNames: string[];
  createdAt: string;
}

/** The anoncreds identifier of a schema: `<issuerId>/anoncreds/v0/SCHEMA/<name>/<version>`. */
export function schemaId(issuerId: string, name: string, version: string): string {
  return `${issuerId}/anoncreds/v0/SCHEMA/${name}/${version}`;
}

/** A schema record for the ledger. */
export function schemaRecord(input: {
  issuerId: string;
  name: string;
  version: string;
  attributes: string[];
}): SandboxSchemaRecord {
  return {
    schemaId: schemaId(input.issuerId, input.name, input.version),
    issuerId: input.issuerId,
    name: input.name,
    version: input.version,
    attrNames: [...input.attributes],
    createdAt: now(),
  };
}
