import type { CredentialAttributeInput } from '@credential-agent/sdk';
import {
  BulkEmailParams,
  CREDENTIAL_TYPES,
  EmailCredential,
  PROTOCOL_VERSIONS,
} from '@credential-agent/sdk/models';
import type { z } from 'zod';
import { UsageError } from '../errors.js';
import { checkedValue } from '../known-values.js';

/** The common body as checked: its request enums are plain strings (a `+value` without its `+`). */
export type CheckedCommon = z.output<typeof BulkEmailParams>;

/**
 * The common part of a bulk e-mail offer (`--file template.json`): the body shared by every
 * request, plus what each holder's offer starts from (`credential` and `options` for JSON-LD, fixed
 * `attributes` for indy).
 */
export interface BulkTemplate {
  common: CheckedCommon;
  credential: Record<string, unknown> | undefined;
  options: Record<string, unknown> | undefined;
  attributes: CredentialAttributeInput[];
}

const COMMON_KEYS = [
  'credentialDefinitionId',
  'comment',
  'protocolVersion',
  'credentialType',
  'isReuseConnection',
];
const KNOWN_KEYS = new Set([...COMMON_KEYS, 'credential', 'options', 'attributes', 'credentialOffer']);
const CommonSchema = BulkEmailParams;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path of the first own `__proto__` key inside `value` (JSON.parse makes it a field). */
function protoKey(value: unknown, path: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key === '__proto__' && !Array.isArray(value)) return at;
    const found = protoKey(child, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Builds the template from the file's object and the flags (which win). `comment` defaults to '',
 * `protocolVersion` to `v1`.
 * @throws {@link UsageError} naming the field for an unknown or invalid field, or one named
 * `__proto__` at any depth.
 */
export function toTemplate(raw: Record<string, unknown>, overrides: Partial<BulkEmailParams>): BulkTemplate {
  // Like a CSV column of that name: JavaScript drops a `__proto__` field on its way into the body.
  const proto = protoKey(raw, '');
  if (proto !== undefined) {
    throw new UsageError(`template: ${proto} cannot be sent (JavaScript drops the name): remove the field`);
  }
  const unknown = Object.keys(raw).filter((k) => !KNOWN_KEYS.has(k));
  if (unknown.length) throw new UsageError(`template: unknown field(s) ${unknown.join(', ')}`);
  const picked = Object.fromEntries(COMMON_KEYS.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  // No comment unless one is given (the platform refuses `comment: ""`); v2 carries indy and jsonld.
  const candidate = { protocolVersion: 'v2', ...picked, ...defined };
  const parsed = CommonSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`template: ${issue?.path.join('.') || 'credentialType'}: ${issue?.message}`);
  }
  const { credential, options, attributes } = { ...firstOffer(raw['credentialOffer']), ...raw };
  if (credential !== undefined && !isRecord(credential))
    throw new UsageError('template: credential must be an object');
  if (options !== undefined && !isRecord(options))
    throw new UsageError('template: options must be an object');
  if (attributes !== undefined && !isAttributeList(attributes)) {
    throw new UsageError('template: attributes must be a list of { "name", "value" } strings');
  }
  const common = parsed.data;
  if (common.credentialType === 'jsonld' && credential === undefined) {
    throw new UsageError(
      'template: a jsonld offer needs "credential" (the W3C credential without the subject fields)',
    );
  }
  if (credential !== undefined) {
    const checked = EmailCredential.safeParse({ credentialSubject: {}, ...credential });
    const issue = checked.error?.issues[0];
    if (issue) throw new UsageError(`template: credential.${issue.path.join('.')}: ${issue.message}`);
  }
  return { common, credential, options, attributes: attributes ?? [] };
}

/**
 * The body file of a single `offers email` works as a template too: its first `credentialOffer`
 * element gives the credential, options and attributes (its address is ignored).
 */
function firstOffer(list: unknown): Record<string, unknown> {
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  if (!isRecord(first)) return {};
  const { credential, options, attributes } = first;
  return Object.fromEntries(
    Object.entries({ credential, options, attributes }).filter(([, v]) => v !== undefined),
  );
}

function isAttributeList(value: unknown): value is CredentialAttributeInput[] {
  return (
    Array.isArray(value) &&
    value.every((a) => isRecord(a) && typeof a['name'] === 'string' && typeof a['value'] === 'string')
  );
}

/** The checked common body as the SDK takes it again (a value it does not list as `unknownValue`). */
export function sendableCommon(common: CheckedCommon): BulkEmailParams {
  return {
    ...common,
    credentialType: checkedValue(common.credentialType, CREDENTIAL_TYPES),
    protocolVersion: checkedValue(common.protocolVersion, PROTOCOL_VERSIONS),
  };
}
