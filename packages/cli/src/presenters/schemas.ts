import type { SchemaCreated } from '@credential-agent/sdk';
import type { Style } from '../style.js';
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
