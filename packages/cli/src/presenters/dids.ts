import type { DidResolutionResult } from '@credential-agent/sdk';
import type { Style } from '../terminal/style.js';
import { fields } from './layout.js';

/** A registered DID and its keys. */
export function presentDid(result: DidResolutionResult, style: Style): string {
  const methods = result.didDocument?.verificationMethod ?? [];
  return fields(
    [
      ['DID', result.did],
      ['Document', result.didDocument?.id],
      ['Keys', methods.length ? methods.map((m) => `${m.id} (${m.type})`).join(', ') : undefined],
    ],
    style,
  );
}
