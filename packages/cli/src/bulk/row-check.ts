import type { EmailOfferItem } from '@credential-agent/sdk';
import { EmailOfferItem as EmailOfferSchema } from '@credential-agent/sdk/models';
import type { CsvRecord } from './csv-source.js';
import { holderId } from './holder-set.js';
import type { ColumnMapping } from './mapping.js';
import type { RowKey } from './row-key.js';

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

  constructor(header: readonly string[], mapping: ColumnMapping, duplicates: Set<bigint>) {
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
