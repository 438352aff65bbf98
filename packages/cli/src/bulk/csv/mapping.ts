import type { EmailOfferItem } from '@credential-agent/sdk';
import { UsageError } from '../../errors/usage-error.js';
import type { BulkTemplate } from './template.js';

/** Which CSV column holds what. */
export interface MappingOptions {
  emailColumn?: string | undefined;
  /** indy: the columns that become attributes (default: every column but the e-mail). */
  attrColumns?: string[] | undefined;
  /** jsonld: the columns that become `credentialSubject` fields (default: every column but the e-mail). */
  subjectColumns?: string[] | undefined;
}

/** A resolved mapping: column positions in the header. */
export interface ColumnMapping {
  email: { name: string; column: number };
  fields: { name: string; column: number }[];
}

const EMAIL_NAMES = ['email', 'emailid', 'e-mail'];

/**
 * What a column's name is made of when the file is a CSV: letters, marks, digits, punctuation,
 * symbols and spaces of any script (and the joiner of emoji sequences), but not {@link KEY_END}
 * and no control character.
 */
const NAME_CHARACTER = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\u200d]$/u;
/** What ends the key of an .env, YAML, JSON, TOML or credentials line, whose value follows. */
const KEY_END = /^[=:"`\\{}<>;]$/;
const SHOWN_NAME = 32;
const SHOWN_COLUMNS = 20;

/**
 * A column's name as messages show it: up to its first character no column name holds and at most
 * 32 characters (`…` marks the cut). `--csv` given the wrong file (an .env, a YAML file) then shows
 * `API_TOKEN…`, not the secret after it.
 */
function shownName(name: string): string {
  const chars = [...name];
  let end = chars.findIndex((c) => !NAME_CHARACTER.test(c) || KEY_END.test(c));
  if (end === -1) end = chars.length;
  end = Math.min(end, SHOWN_NAME);
  return end < chars.length ? `${chars.slice(0, end).join('')}…` : name;
}

/**
 * A column as row messages name it: its name, or when {@link shownName} cuts it, its number and the
 * part shown (`4 (Q1…)`), so that two names cut alike (`Q1: age`, `Q1: sex`) stay apart.
 */
export function columnLabel(name: string, column: number): string {
  const shown = shownName(name);
  return shown === name ? name : `${column + 1} (${shown})`;
}

/**
 * The header as messages name it: at most 20 names, each {@link shownName}. A header of one column
 * (empty ones aside: `key,`) is not shown: a file of one line and no separator (a key, a password,
 * an .env or YAML file given by mistake) may be all secret, whatever its characters.
 */
function shownColumns(header: readonly string[]): string {
  if (header.filter((name) => name !== '').length <= 1)
    return '(the header is one column, not shown: is --csv the CSV meant?)';
  const names = header.slice(0, SHOWN_COLUMNS).map(shownName);
  const more = header.length - names.length;
  return `(columns: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
}

/**
 * Resolves the mapping against the header.
 * @throws {@link UsageError} for an unknown column, a missing e-mail column or a flag that does not
 * apply to the credential type.
 */
export function resolveMapping(
  header: string[],
  credentialType: string,
  opts: MappingOptions,
): ColumnMapping {
  const duplicates = header.filter((h, i) => header.indexOf(h) !== i);
  if (duplicates.length)
    throw new UsageError(
      `the CSV header repeats column(s) ${[...new Set(duplicates)].map(shownName).join(', ')}`,
    );
  const known = shownColumns(header);
  const emailName = opts.emailColumn ?? header.find((h) => EMAIL_NAMES.includes(h.toLowerCase()));
  if (emailName === undefined) throw new UsageError(`no e-mail column: name it with --email-column ${known}`);
  if (!header.includes(emailName))
    throw new UsageError(`unknown column in --email-column: ${emailName} ${known}`);
  if (credentialType === 'indy' && opts.subjectColumns) {
    throw new UsageError('--subject-columns applies to jsonld offers; use --attr-columns for indy');
  }
  if (credentialType !== 'indy' && opts.attrColumns) {
    throw new UsageError('--attr-columns applies to indy offers; use --subject-columns for jsonld');
  }
  const flag = credentialType === 'indy' ? '--attr-columns' : '--subject-columns';
  const chosen = opts.attrColumns ?? opts.subjectColumns ?? header.filter((h) => h !== emailName);
  const unknown = chosen.filter((c) => !header.includes(c));
  if (unknown.length) throw new UsageError(`unknown column(s) in ${flag}: ${unknown.join(', ')} ${known}`);
  // A credentialSubject field named __proto__ would be dropped on its way into the JSON body.
  const reserved = credentialType === 'indy' ? undefined : chosen.find((c) => c === '__proto__');
  if (reserved !== undefined) {
    throw new UsageError(
      `column ${reserved} cannot be a credentialSubject field (JavaScript drops the name): rename the column, or leave it out with --subject-columns`,
    );
  }
  return {
    email: { name: emailName, column: header.indexOf(emailName) },
    fields: chosen.map((name) => ({ name, column: header.indexOf(name) })),
  };
}

/** The offer of one CSV record. */
export function buildOffer(fields: string[], mapping: ColumnMapping, template: BulkTemplate): EmailOfferItem {
  // As written: the SDK judges the address (one with spaces around it is refused, not rewritten).
  const emailId = fields[mapping.email.column] ?? '';
  const values = mapping.fields.map((f) => ({ name: f.name, value: fields[f.column] ?? '' }));
  if (template.bulk.params.credentialType === 'indy') {
    return { emailId, attributes: [...template.attributes, ...values] };
  }
  const credential = template.credential ?? {};
  const base = credential['credentialSubject'];
  const subject = { ...(typeof base === 'object' && base ? base : {}) } as Record<string, unknown>;
  // Defined, not assigned: `constructor` or `prototype` columns are plain data fields.
  for (const v of values)
    Object.defineProperty(subject, v.name, {
      value: v.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  const offer = { emailId, credential: { ...credential, credentialSubject: subject } };
  return (template.options ? { ...offer, options: template.options } : offer) as EmailOfferItem;
}
