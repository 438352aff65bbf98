import {
  type BulkHolderRegistry,
  type BulkRowVerdict,
  type EmailOfferItem,
  type FieldIssue,
  hiddenCharacter,
} from '@credential-agent/sdk';
import { holderId } from './holder-set.js';
import { type ColumnMapping, columnLabel } from './mapping.js';
import { holderDigest } from './row-key.js';
import type { CsvRecord } from './source.js';
import type { BulkTemplate } from './template.js';

/** Where a jsonld offer's subject fields are, in the paths of the SDK's issues. */
const SUBJECT = 'credential.credentialSubject.';

/** What the check of one row found: the SDK's verdict, and every problem in words (none: send it). */
export interface RowCheck {
  verdict: BulkRowVerdict;
  problems: string[];
}

/**
 * Checks one CSV record before anything is sent: the CSV's own matters here (hidden characters in
 * any column, a field count above the header's, missing values, an empty e-mail), the offer by the
 * SDK (once: its valid verdict is what is sent), which also refuses empty values and a holder of an
 * earlier line. Returns the problems, in words naming the file, line and column. It is the SDK's
 * registry of holders, for the check and the send: only the holders the first pass found on more
 * than one row are remembered (a million rows cost the 8 MB of that pass, then nothing).
 */
export class RowChecker implements BulkHolderRegistry {
  /** The holders the first pass found on more than one row → the line of the first valid one. */
  readonly #duplicates: Set<bigint>;
  readonly #first = new Map<bigint, number | string>();
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
  check(record: CsvRecord, offer: EmailOfferItem, row: string): RowCheck {
    const verdict = this.#template.bulk.check({ row, offer }, record.line, this);
    const problems = [...this.#shape(record), ...this.#email(verdict)];
    if (problems.length) return { verdict, problems };
    return { verdict, problems: (verdict.issues ?? []).map((i) => this.#describe(i)) };
  }

  /**
   * The row (`<line> <key>`) first seen for `holder` when it is another row: the first pass found
   * the holder on more than one row. The same row asked again (the check, then the send) is itself.
   */
  firstRow(holder: string, row: number | string): number | string | undefined {
    const digest = holderDigest(holder);
    const id = holderId(digest.readUInt32BE(0), digest.readUInt32BE(4));
    if (!this.#duplicates.has(id)) return undefined;
    const first = this.#first.get(id);
    if (first === undefined) this.#first.set(id, row);
    return first === undefined || first === row ? undefined : first;
  }

  /** An issue of the SDK in words, with the CSV column it comes from when it does. */
  #describe(issue: FieldIssue): string {
    const path = issue.path.replace(/^offer\./, '');
    const field = this.#columnOf(path);
    if (field === undefined) return `${path}: ${issue.message}`;
    const label = columnLabel(field.name, field.column);
    if (issue.code === 'too_small') return `empty value for column ${label}`;
    // A subject's path holds the column's name: it is shown as the column is.
    const subject = `${SUBJECT}${field.name}`;
    const shown = path.startsWith(subject) ? `${SUBJECT}${label}${path.slice(subject.length)}` : path;
    return `${shown} (column ${label}): ${issue.message}`;
  }

  #columnOf(path: string): { name: string; column: number } | undefined {
    const fields = this.#mapping.fields;
    const attribute = /^attributes\[(\d+)\]/.exec(path);
    if (attribute) return fields[Number(attribute[1]) - this.#template.attributes.length];
    // The path goes on after the name (`.`, `[`), and a name may hold either: the longest that fits.
    const fits = (f: { name: string }) => {
      const subject = `${SUBJECT}${f.name}`;
      return path === subject || (path.startsWith(subject) && '.['.includes(path[subject.length] ?? '-'));
    };
    return fields.filter(fits).sort((a, b) => b.name.length - a.name.length)[0];
  }

  #shape(record: CsvRecord): string[] {
    const problems: string[] = [];
    const { fields } = record;
    fields.forEach((value, column) => {
      const hidden = hiddenCharacter(value);
      if (hidden === undefined) return;
      const name = columnLabel(this.#header[column] ?? `${column + 1}`, column);
      problems.push(`column ${name} holds ${hidden} in --csv ${this.#source}: remove it from the file`);
    });
    if (fields.length > this.#header.length) {
      problems.push(`has ${fields.length} fields, the header has ${this.#header.length}`);
    }
    for (const { name, column } of this.#mapping.fields) {
      const value = fields[column];
      if (value === undefined) problems.push(`missing value for column ${columnLabel(name, column)}`);
    }
    return problems;
  }

  #email(verdict: BulkRowVerdict): string[] {
    const { email } = verdict;
    const { name, column } = this.#mapping.email;
    if (email === '') return [`empty e-mail (column ${columnLabel(name, column)})`];
    if (verdict.valid || !verdict.issues.some((i) => i.path === 'offer.emailId')) return [];
    const first = verdict.duplicateOf;
    if (first === undefined) return [`invalid e-mail "${email}"`];
    return [`duplicate e-mail ${email} (first on line ${String(first).split(' ')[0]})`];
  }
}
