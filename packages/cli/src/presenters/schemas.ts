import type { SchemaCreated } from '@credential-agent/sdk';
import type { Style } from '../terminal/style.js';
import { fields } from './layout.js';

/** A created schema. */
export function presentSchemaCreated(result: SchemaCreated, style: Style): string {
  return fields(
    [
      ['Schema ID', result.schemaId],
      ['Name', result.schema?.name],
      ['Version', result.schema?.version],
      ['Attributes', result.schema?.attrNames?.join(', ')],
      ['Issuer', result.schema?.issuerId],
      ['State', result.state],
    ],
    style,
  );
}

/**
 * A registration the service has not finished: it needs an `action` (with `--endorse`, the
 * `schemaRequest` an endorser must sign) or is still running (`wait`). `raw` is the whole answer.
 */
export interface SchemaPending {
  state: string;
  action: string | undefined;
  schemaId: string | undefined;
  schemaRequest: unknown;
  jobId: string | undefined;
  raw: unknown;
}

/** A registration that is not finished: what it waits for first. */
export function presentSchemaPending(result: SchemaPending, style: Style): string {
  return fields(
    [
      ['State', result.state, style.yellow],
      ['Action', result.action, style.yellow],
      ['Schema ID', result.schemaId],
      ['Job ID', result.jobId],
      ['Schema request', result.schemaRequest],
    ],
    style,
  );
}
