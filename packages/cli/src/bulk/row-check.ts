import type { EmailOfferItem } from '@credential-agent/sdk';
import { EmailOfferItem as EmailOfferSchema } from '@credential-agent/sdk/models';
import type { CsvRecord } from './csv-source.js';
import { holderId } from './holder-set.js';
import type { ColumnMapping } from './mapping.js';
import type { RowKey } from './row-key.js';

/**
 * Characters a value never needs and that hide what it says: C0 and C1 controls but tab and line
 * ends (NUL among them), a byte order mark inside the file, and the bidirectional controls that
 * make text read in another order than it is stored (U+202E and the like).
 */
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufeff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

function hiddenKind(char: string): string {
  if (char === '\u0000') return 'a NUL byte';
  if (char === '\ufeff') return 'a byte order mark';
  return (char.codePointAt(0) ?? 0) <= 0x9f ? 'a control character' : 'a bidirectional control';
}

/**
 * Checks one CSV record before anything is sent: the e-mail (present, valid, not seen before on
 * another line) and every mapped column (present and not empty). Returns the problems, in words.
 * Only the holders the first pass found on more than one row are remembered.
 */
export class RowChecker {
  /** The holders the first pass found on more than one row → the line of the first valid one. */
  readonly #duplicates: Set<bigint>;
  readonly #first = new Map<bigint, number>();
  readonly #header: readonly string[];
  readonly #mapping: ColumnMapping;

  readonly #source: string;

  constructor(source: string, header: readonly string[], mapping: ColumnMapping, duplicates: Set<bigint>) {
    this.#source = source;
    this.#header = header;
    this.#mapping = mapping;
    this.#duplicates = duplicates;
  }

  /** The problems of `record`, whose `offer` was built from it; the e-mail is remembered for duplicates. */
  check(record: CsvRecord, offer: EmailOfferItem, key: RowKey): string[] {
    const problems = [...this.#shape(record), ...this.#email(record.line, offer.emailId, key)];
    if (problems.length) return problems;
    const parsed = EmailOfferSchema.safeParse(offer);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  }

  #shape(record: CsvRecord): string[] {
    const problems: string[] = [];
    const { fields } = record;
    fields.forEach((value, column) => {
      const hidden = HIDDEN.exec(value)?.[0];
      if (hidden === undefined) return;
      const code = `U+${hidden.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
      const name = this.#header[column] ?? `${column + 1}`;
      problems.push(
        `column ${name} holds ${code} (${hiddenKind(hidden)}) in --csv ${this.#source}: remove it from the file`,
      );
    });
    if (fields.length > this.#header.length) {
      problems.push(`has ${fields.length} fields, the header has ${this.#header.length}`);
    }
    for (const { name, column } of this.#mapping.fields) {
      const value = fields[column];
      if (value === undefined) problems.push(`missing value for column ${name}`);
      else if (value.trim() === '') problems.push(`empty value for column ${name}`);
    }
    return problems;
  }

  #email(line: number, email: string, key: RowKey): string[] {
    const column = this.#mapping.email.name;
    if (email === '') return [`empty e-mail (column ${column})`];
    if (!EmailOfferSchema.shape.emailId.safeParse(email).success) return [`invalid e-mail "${email}"`];
    const id = holderId(key.hi, key.lo);
    if (!this.#duplicates.has(id)) return [];
    const first = this.#first.get(id);
    if (first === undefined) this.#first.set(id, line);
    return first === undefined ? [] : [`duplicate e-mail ${email} (first on line ${first})`];
  }
}
