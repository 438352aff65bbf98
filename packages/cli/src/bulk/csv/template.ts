import {
  type CredentialAttributeInput,
  type EmailOfferItem,
  type PreparedBulkEmail,
  prepareBulkEmail,
  RequestValidationError,
} from '@credential-agent/sdk';
import { BulkEmailParams } from '@credential-agent/sdk/models';
import { UsageError } from '../../errors/usage-error.js';

/**
 * The common part of a bulk e-mail offer (`--file template.json`): the body shared by every
 * request, checked by the SDK (`bulk`, which checks the rows too), plus what each holder's offer
 * starts from (`credential` and `options` for JSON-LD, fixed `attributes` for indy).
 */
export interface BulkTemplate {
  bulk: PreparedBulkEmail;
  credential: Record<string, unknown> | undefined;
  options: Record<string, unknown> | undefined;
  attributes: CredentialAttributeInput[];
}

/** The fields of the common body: the SDK's. */
const COMMON_KEYS = Object.keys(BulkEmailParams.shape);
const KNOWN_KEYS = new Set([...COMMON_KEYS, 'credential', 'options', 'attributes', 'credentialOffer']);
/** Stands for a holder's address when the template's offer part is checked before any row. */
const PLACEHOLDER = 'holder@example.com';

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
 * Builds the template from the file's object and the flags (which win), checked by the SDK:
 * `protocolVersion` defaults to `v2`, `comment` is left out unless given.
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
  const common = { protocolVersion: 'v2', ...picked, ...defined } as BulkEmailParams;
  const bulk = sdkCheck(() => prepareBulkEmail(common));
  const type = bulk.params.credentialType;
  // A row is built as an indy offer (attributes) or a jsonld one (credentialSubject), nothing else.
  if (type !== 'indy' && type !== 'jsonld') {
    const source = overrides.credentialType === undefined ? 'template: credentialType' : '--credential-type';
    throw new UsageError(
      `${source}: --csv builds indy or jsonld offers only (not ${type}); send other offers with --file alone`,
    );
  }
  const { credential, options, attributes } = { ...firstOffer(raw['credentialOffer']), ...raw };
  // What the other type's offers take would be dropped from every row's offer: refused instead.
  const foreign = type === 'indy' ? { credential, options } : { attributes };
  const dropped = Object.keys(foreign).filter((k) => foreign[k as keyof typeof foreign] !== undefined);
  if (dropped.length) {
    const source =
      overrides.credentialType === undefined
        ? `template: credentialType ${type}`
        : `--credential-type ${type}`;
    const other = type === 'indy' ? 'jsonld' : 'indy';
    throw new UsageError(
      `${source}: the template's ${dropped.join(', ')} ${dropped.length > 1 ? 'are' : 'is'} for ${other} offers and would be dropped: remove ${dropped.length > 1 ? 'them' : 'it'}, or use ${other}`,
    );
  }
  if (credential !== undefined && !isRecord(credential))
    throw new UsageError('template: credential must be an object');
  if (options !== undefined && !isRecord(options))
    throw new UsageError('template: options must be an object');
  if (attributes !== undefined && !isAttributeList(attributes)) {
    throw new UsageError('template: attributes must be a list of { "name", "value" } strings');
  }
  const template = { bulk, credential, options, attributes: attributes ?? [] };
  checkOfferPart(template);
  return template;
}

/** The SDK's check of the common body; its first problem is a usage error naming the field. */
function sdkCheck(check: () => PreparedBulkEmail): PreparedBulkEmail {
  try {
    return check();
  } catch (error) {
    const issue = error instanceof RequestValidationError ? error.issues[0] : undefined;
    if (issue === undefined) throw error;
    throw new UsageError(`template: ${issue.path}: ${issue.message}`);
  }
}

/**
 * The part of every offer that comes from the template, checked once by the SDK as the offer of a
 * holder whose columns are not filled in yet (a jsonld `credentialSubject` gets the columns; an
 * indy offer one attribute per column).
 * @throws {@link UsageError} naming the template's field.
 */
function checkOfferPart(template: BulkTemplate): void {
  const { bulk, credential, options, attributes } = template;
  const offer =
    bulk.params.credentialType === 'indy'
      ? { emailId: PLACEHOLDER, attributes: [...attributes, { name: 'column', value: 'value' }] }
      : {
          emailId: PLACEHOLDER,
          ...(credential ? { credential: { credentialSubject: {}, ...credential } } : {}),
          ...(options ? { options } : {}),
        };
  const verdict = bulk.check({ offer: offer as EmailOfferItem }, 1);
  const issue = verdict.issues?.[0];
  if (issue === undefined) return;
  if (issue.path === 'offer.credential') {
    throw new UsageError(
      `template: a ${bulk.params.credentialType} offer needs "credential" (the W3C credential without the subject fields)`,
    );
  }
  throw new UsageError(`template: ${issue.path.replace(/^offer\./, '')}: ${issue.message}`);
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
