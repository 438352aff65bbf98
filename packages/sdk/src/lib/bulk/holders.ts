import type { FieldIssue } from '../../core/errors.js';
import type { EmailOfferItem } from '../../models/offers.js';

/**
 * The e-mail address as it identifies a holder in a bulk send: trimmed (a bulk check sends it
 * trimmed), in Unicode NFC (an `é` typed as one
 * code point or as `e` and a combining accent is one holder) and lower-cased, the local part too.
 * RFC 5321 lets a server tell `Ada@` from `ada@`, but no mail service in use does, and the costly
 * mistake is e-mailing one person twice.
 * @example normaliseHolderEmail('Ada@Example.COM') // 'ada@example.com'
 */
export function normaliseHolderEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/**
 * Where a bulk check remembers the holders it has seen, to refuse a holder's second row. The
 * default (one per `sendByEmailBulk` run, one per {@link validateBulkRows} call) keeps every
 * distinct holder's normalised address and first row in a `Map`: about 100 bytes and the
 * address's length per holder, some 130 MB for a million holders. A caller that knows the
 * holders named twice beforehand can pass a smaller one (the CLI keeps 8-byte digests of a first
 * pass over its file and remembers only the holders found on more than one row).
 */
export interface BulkHolderRegistry {
  /**
   * Records that row `row` is for `holder` (a {@link normaliseHolderEmail} address) and returns the
   * key of an earlier row for the same holder, or `undefined` when there is none (`row` is sent).
   */
  firstRow(holder: string, row: number | string): number | string | undefined;
}

/** The default registry: every holder seen, with its first row; a second sighting is a duplicate. */
export class HolderMap implements BulkHolderRegistry {
  readonly #first = new Map<string, number | string>();
  firstRow(holder: string, row: number | string): number | string | undefined {
    const first = this.#first.get(holder);
    if (first === undefined) this.#first.set(holder, row);
    return first;
  }
}

/**
 * Characters a value never needs and that hide what it says: C0 and C1 controls but tab and line
 * ends (NUL among them), a byte order mark, and the bidirectional controls that make text read in
 * another order than it is stored (U+202E and the like).
 */
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The first character of `text` that hides what it says (a control character other than tab and
 * line ends, a byte order mark, a bidirectional control), in words: `U+202E (a bidirectional
 * control)`; `undefined` when there is none. A bulk row check refuses values holding one.
 */
export function hiddenCharacter(text: string): string | undefined {
  const char = HIDDEN.exec(text)?.[0];
  if (char === undefined) return undefined;
  const point = char.codePointAt(0) ?? 0;
  const kind =
    char === '\u0000'
      ? 'a NUL byte'
      : char === '\ufeff'
        ? 'a byte order mark'
        : point <= 0x9f
          ? 'a control character'
          : 'a bidirectional control';
  return `U+${point.toString(16).toUpperCase().padStart(4, '0')} (${kind})`;
}

/**
 * The problems of the values a holder is sent (attribute values, the credential subject's text):
 * empty or blank, or holding a {@link hiddenCharacter}.
 */
export function valueIssues(offer: EmailOfferItem): FieldIssue[] {
  const values: [string, unknown][] = [
    ...(offer.attributes ?? []).map((a, i): [string, unknown] => [`offer.attributes[${i}].value`, a.value]),
    ...Object.entries(offer.credential?.credentialSubject ?? {}).map(([name, value]): [string, unknown] => [
      `offer.credential.credentialSubject.${name}`,
      value,
    ]),
  ];
  const issues: FieldIssue[] = [];
  for (const [path, value] of values) {
    if (typeof value !== 'string') continue;
    const hidden = hiddenCharacter(value);
    if (value.trim() === '') issues.push({ path, message: 'is empty', code: 'too_small', expected: 'text' });
    else if (hidden !== undefined) {
      issues.push({ path, message: `holds ${hidden}`, code: 'invalid_value', expected: 'visible text' });
    }
  }
  return issues;
}
