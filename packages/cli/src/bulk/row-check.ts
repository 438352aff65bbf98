import type { BulkRowVerdict, EmailOfferItem, FieldIssue } from '@credential-agent/sdk';
import type { CsvRecord } from './csv-source.js';
import { holderId } from './holder-set.js';
import type { ColumnMapping } from './mapping.js';
import type { RowKey } from './row-key.js';
import type { BulkTemplate } from './template.js';

/** What the check of one row found: the SDK's verdict, and every problem in words (none: send it). */
export interface RowCheck {
  verdict: BulkRowVerdict;
  problems: string[];
}

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
 * Checks one CSV record before anything is sent: the CSV's own matters here (hidden characters, a
 * field count above the header's, missing or empty values, an empty e-mail, a holder on another
 * line), the offer by the SDK (once: its valid verdict is what is sent). Returns the problems, in
 * words naming the file, line and column. Only the holders the first pass found on more than one
 * row are remembered.
 */
export class RowChecker {
  /** The holders the first pass found on more than one row → the line of the first valid one. */
  readonly #duplicates: Set<bigint>;
  readonly #first = new Map<bigint, number>();
  readonly #header: readonly string[];
  readonly #mapping: ColumnMapping;
  readonly #template: BulkTemplate;

  readonly #source: string;

  constructor(
    source: string,
    header: readonly string[],
    mapping: ColumnMapping,
    template: BulkTemplate,
    duplicates: Set<bigint>,
  ) {
    this.#source = source;
    this.#header = header;
    this.#mapping = mapping;
    this.#template = template;
    this.#duplicates = duplicates;
  }

  /**
   * The SDK's verdict on `offer`, built from `record` and known to the SDK as `row`, and the
   * problems of the row; the e-mail is remembered for duplicates.
   */
  check(record: CsvRecord, offer: EmailOfferItem, key: RowKey, row: string): RowCheck {
    const verdict = this.#template.bulk.check({ row, offer }, record.line);
    const issues = verdict.issues ?? [];
    const badEmail = issues.some((i) => i.path === 'offer.emailId');
    const problems = [...this.#shape(record), ...this.#email(record.line, offer.emailId, badEmail, key)];
    if (problems.length) return { verdict, problems };
    return { verdict, problems: issues.map((i) => this.#describe(i)) };
  }

  /** An issue of the SDK in words, with the CSV column it comes from when it does. */
  #describe(issue: FieldIssue): string {
    const path = issue.path.replace(/^offer\./, '');
    const column = this.#columnOf(path);
    return `${path}${column === undefined ? '' : ` (column ${column})`}: ${issue.message}`;
  }

  #columnOf(path: string): string | undefined {
    const fields = this.#mapping.fields;
    const attribute = /^attributes\[(\d+)\]/.exec(path);
    if (attribute) return fields[Number(attribute[1]) - this.#template.attributes.length]?.name;
    const subject = /^credential\.credentialSubject\.(.+?)(?:[.[]|$)/.exec(path)?.[1];
    return fields.find((f) => f.name === subject)?.name;
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

  #email(line: number, email: string, invalid: boolean, key: RowKey): string[] {
    const column = this.#mapping.email.name;
    if (email === '') return [`empty e-mail (column ${column})`];
    if (invalid) return [`invalid e-mail "${email}"`];
    const id = holderId(key.hi, key.lo);
    if (!this.#duplicates.has(id)) return [];
    const first = this.#first.get(id);
    if (first === undefined) this.#first.set(id, line);
    return first === undefined ? [] : [`duplicate e-mail ${email} (first on line ${first})`];
  }
}
