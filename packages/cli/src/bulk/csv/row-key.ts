import { createHash } from 'node:crypto';
import { type EmailOfferItem, normaliseHolderEmail } from '@credential-agent/sdk';

/**
 * What a row is: its holder (the normalised e-mail address) and what is sent to them (a digest of
 * the whole offer). Both are 12 base64url characters of a SHA-256 (72 bits). A row keeps its key
 * wherever it stands in the file, however it is quoted; the line number is only for messages.
 */
export interface RowKey {
  /** The holder: the digest of the normalised e-mail address ({@link normaliseEmail}). */
  holder: string;
  /** The offer sent to the holder. */
  content: string;
  /** The holder's digest as two 32-bit numbers (for the duplicate check and the shard). */
  hi: number;
  lo: number;
}

/** The e-mail address as it identifies a holder: the SDK's rule, so both see the same holders. */
export const normaliseEmail = normaliseHolderEmail;

/** The SHA-256 of a normalised e-mail address: what identifies a holder. */
export function holderDigest(email: string): Buffer {
  return createHash('sha256').update(email).digest();
}

/** The holder's part of a row's key, from its normalised e-mail address. */
function holderParts(email: string): Omit<RowKey, 'content'> {
  const holder = holderDigest(email);
  return {
    holder: holder.toString('base64url', 0, 9),
    hi: holder.readUInt32BE(0),
    lo: holder.readUInt32BE(4),
  };
}

/** The holder's part of the key of a row whose e-mail address (as written) is `emailId`. */
export function holderKey(emailId: string): Omit<RowKey, 'content'> {
  return holderParts(normaliseEmail(emailId));
}

/** The key of a row whose offer is `offer`. */
export function rowKey(offer: EmailOfferItem): RowKey {
  const email = normaliseEmail(offer.emailId);
  const content = createHash('sha256')
    .update(canonicalJson({ ...offer, emailId: email }))
    .digest('base64url');
  return { ...holderParts(email), content: content.slice(0, 12) };
}

/**
 * JSON of `value` that does not depend on the CSV's column order: object keys sorted, and named
 * attributes (`{ name, value }` items) sorted by name. The same rows with their columns reordered
 * are the same offers.
 */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.every(isNamed) ? [...value].sort((a, b) => compare(a.name, b.name)) : value;
    return `[${items.map(canonicalJson).join(',')}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => compare(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const isNamed = (item: unknown): item is { name: string } =>
  typeof item === 'object' && item !== null && typeof (item as { name?: unknown }).name === 'string';

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `holder.content`, as a journal records it. */
export function keyText(key: Pick<RowKey, 'holder' | 'content'>): string {
  return `${key.holder}.${key.content}`;
}

/** The two parts of a journal's key; undefined when it is not one. */
export function splitKey(text: string): { holder: string; content: string } | undefined {
  const match = /^([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{12})$/.exec(text);
  return match ? { holder: match[1] as string, content: match[2] as string } : undefined;
}
