/**
 * The CLI's own failures, thrown anywhere and rendered by render.ts. They import nothing of the SDK,
 * so a command that calls no service (whoami, config) does not load the client to throw one.
 */
import type { ExitCode } from './exit-codes.js';

/** A failure the CLI explains in full: exit 1 and its message, no stack trace even with --verbose. */
export class CliFailure extends Error {
  override name = 'CliFailure';
}

/** No usable token (whoami without login). Exit code 4 with the login hint. */
export class AuthRequiredError extends Error {
  override name = 'AuthRequiredError';
  /** What to do about it; the login hint by default. */
  readonly hint: string;
  constructor(message: string, hint = 'run: agent-cli login') {
    super(message);
    this.hint = hint;
  }
}

/** Ends the command with `code` after it has already reported what happened (bulk partial success). */
export class ExitWith extends Error {
  override name = 'ExitWith';
  readonly code: ExitCode;
  /** With a `cause`, the cause is reported (as any error would be) and the command ends with `code`. */
  constructor(code: ExitCode, message = `exit ${code}`, options?: { cause: unknown }) {
    super(message, options);
    this.code = code;
  }
}
