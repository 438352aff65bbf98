import type * as z from 'zod/mini';
import type { FieldIssue } from '../../core/errors.js';
import { RequestValidationError } from '../../core/errors.js';
import { parseRequest } from '../../core/validation/parse.js';
import { BulkEmailParams, EmailOfferItem } from '../../models/offers.js';
import { type BulkHolderRegistry, HolderMap, normaliseHolderEmail, valueIssues } from './holders.js';
import type { BulkRow } from './types.js';

/**
 * The verdict on one row of a bulk e-mail send, told apart by `valid`; made by
 * {@link PreparedBulkEmail.check} and {@link validateBulkRows}, which send nothing.
 */
export type BulkRowVerdict = BulkValidRow | BulkInvalidRow;

/**
 * A row that passed. It is a {@link BulkRow}: give it to `sendByEmailBulk` with the
 * {@link PreparedBulkEmail} that checked it and it is sent as it is, without a second check.
 */
export interface BulkValidRow {
  valid: true;
  /** The row's key: its `row`, or its 1-based position. */
  row: number | string;
  /** The holder's address as sent: the row's `offer.emailId` without spaces around it. */
  email: string;
  /** The offer as checked (a copy of the row's, its `emailId` trimmed). */
  offer: EmailOfferItem;
  issues?: undefined;
  error?: undefined;
}

/** A row that would not be sent: each problem has its field's path (`offer.emailId` …) and message. */
export interface BulkInvalidRow {
  valid: false;
  /** The row's key: its `row`, or its 1-based position. */
  row: number | string;
  /** The row's `offer.emailId`, trimmed, when it is a string, else `''`. */
  email: string;
  issues: FieldIssue[];
  /** The same problems as the error `sendByEmailBulk` gives the row. */
  error: RequestValidationError;
  /** When the row's holder had a row before: that row's key (the row is refused, never sent). */
  duplicateOf?: number | string | undefined;
}

/**
 * The common body of a bulk e-mail send, checked once, and the check of its rows. Made by
 * {@link prepareBulkEmail}; `sendByEmailBulk` takes it in place of the body.
 */
export interface PreparedBulkEmail {
  /** The common body as checked (an {@link unknownValue} is the string it stands for). */
  readonly params: z.output<typeof BulkEmailParams>;
  /**
   * Checks one row against the common body (e.g. an indy offer needs `attributes`), sending
   * nothing. A row this object checked already is given back as it is. With `holders`, a row whose
   * holder ({@link normaliseHolderEmail}) `holders` saw on another row is refused naming that row
   * (`duplicateOf`), as `sendByEmailBulk` and {@link validateBulkRows} refuse it.
   * @param position the row's 1-based position, its key when it has no `row`.
   * @param holders the holders seen so far; without it, the row is judged alone.
   */
  check(row: BulkRow, position: number, holders?: BulkHolderRegistry): BulkRowVerdict;
}

class BulkEmailCheck implements PreparedBulkEmail {
  readonly params: z.output<typeof BulkEmailParams>;
  /** The valid verdicts this check made: sent as they are (a look-alike is checked as any row). */
  readonly #valid = new WeakSet<object>();
  constructor(params: BulkEmailParams) {
    this.params = parseRequest(BulkEmailParams, params);
  }

  check(input: BulkRow, position: number, holders?: BulkHolderRegistry): BulkRowVerdict {
    const verdict = this.#judge(input, position);
    return holders && verdict.valid ? firstRowOf(verdict, holders) : verdict;
  }

  #judge(input: BulkRow, position: number): BulkRowVerdict {
    if (this.#valid.has(input)) return input as BulkValidRow;
    const row = input?.row ?? position;
    const given = input?.offer;
    // Spaces around an address (a CSV cell, a form) are not part of it: trimmed, then judged.
    const email = typeof given?.emailId === 'string' ? given.emailId.trim() : '';
    const trimmed = email !== given?.emailId && email !== '' ? { ...given, emailId: email } : given;
    try {
      const offer = parseRequest(EmailOfferItem, trimmed, 'offer');
      checkForType(offer, this.params.credentialType);
      const issues = valueIssues(offer);
      if (issues.length) throw invalid(issues);
      const verdict = { valid: true as const, row, email, offer };
      this.#valid.add(verdict);
      return verdict;
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error;
      return { valid: false, row, email, issues: error.issues, error };
    }
  }
}

function checkForType(offer: EmailOfferItem, credentialType: string): void {
  const missing =
    credentialType === 'indy' && !offer.attributes?.length
      ? 'attributes'
      : credentialType === 'jsonld' && !offer.credential
        ? 'credential'
        : undefined;
  if (missing === undefined) return;
  throw invalid([
    { path: `offer.${missing}`, message: `is required for ${credentialType} offers`, code: 'custom' },
  ]);
}

function invalid(issues: FieldIssue[]): RequestValidationError {
  const text = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
  return new RequestValidationError(`Invalid request: ${text}`, issues);
}

/** `verdict`, or its refusal when its holder was on an earlier row. */
function firstRowOf(verdict: BulkValidRow, holders: BulkHolderRegistry): BulkRowVerdict {
  const { row, email } = verdict;
  const first = holders.firstRow(normaliseHolderEmail(email), row);
  if (first === undefined) return verdict;
  const issue: FieldIssue = {
    path: 'offer.emailId',
    message: `is the holder of row ${first}: one holder is e-mailed once`,
    code: 'custom',
  };
  return { valid: false, row, email, issues: [issue], error: invalid([issue]), duplicateOf: first };
}

/**
 * Checks the common body of a bulk e-mail send once, for its rows to be checked against it and
 * sent: `sendByEmailBulk(rows, prepared)` checks each row once, and sends a valid verdict of
 * `prepared.check` as it is.
 * @throws {@link RequestValidationError} naming each field of an invalid common body.
 * @example
 * const bulk = prepareBulkEmail({ credentialType: 'indy', protocolVersion: 'v2', credentialDefinitionId });
 * const verdicts = rows.map((r, i) => bulk.check(r, i + 1));
 * const refused = verdicts.filter((v) => !v.valid); // each names its row and error
 * for await (const r of agent.org(orgId).offers.sendByEmailBulk(verdicts.filter((v) => v.valid), bulk)) …
 */
export function prepareBulkEmail(params: BulkEmailParams): PreparedBulkEmail {
  return new BulkEmailCheck(params);
}

/** The check of `params`: `params` itself when it was prepared already. */
export function toPrepared(params: BulkEmailParams | PreparedBulkEmail): PreparedBulkEmail {
  return params instanceof BulkEmailCheck ? params : prepareBulkEmail(params as BulkEmailParams);
}

/**
 * The verdict on each row of a bulk e-mail send, as `sendByEmailBulk` would judge it, sending
 * nothing (a dry run): each invalid row with the path and message of each problem, a holder's
 * second row refused naming the first (`duplicateOf`). Remembers each distinct holder until it
 * returns (see {@link BulkHolderRegistry} for the cost).
 * @throws {@link RequestValidationError} naming each field of an invalid common body.
 * @example
 * const problems = validateBulkRows(common, rows).filter((v) => !v.valid);
 * // [{ valid: false, row: 3, email: 'oops', issues: [{ path: 'offer.emailId', message: 'must be an e-mail address' }], … }]
 */
export function validateBulkRows(params: BulkEmailParams, rows: Iterable<BulkRow>): BulkRowVerdict[] {
  const check = prepareBulkEmail(params);
  const holders = new HolderMap();
  return Array.from(rows, (row, i) => check.check(row, i + 1, holders));
}
