import { printable } from '../terminal/printable.js';
import { Cancelled, TerminalClosed } from './cancelled.js';
import { AuthRequiredError, CliFailure, ExitWith } from './cli-errors.js';
import { ExitCode } from './exit-codes.js';
import { UsageError } from './usage-error.js';

/** A failure as it is reported: its lines for stderr (scrubbed, printable) and its exit code. */
export interface RenderedError {
  code: ExitCode;
  lines: string[];
}

/** The exit code and lines of the CLI's own failures; undefined for any other (an SDK error, a cause to say). */
export function ownFailure(error: unknown): [ExitCode, string[]] | undefined {
  if (error instanceof ExitWith) return error.cause === undefined ? [error.code, []] : undefined;
  if (error instanceof TerminalClosed) return [ExitCode.HungUp, ['cancelled']];
  if (error instanceof Cancelled) return [ExitCode.Cancelled, ['cancelled']];
  if (error instanceof UsageError) {
    const hint = error.hint === undefined ? [] : [`hint: ${error.hint}`];
    return [ExitCode.Usage, [`error: ${error.message}`, ...hint]];
  }
  if (error instanceof CliFailure) return [ExitCode.Failure, [`error: ${error.message}`]];
  if (error instanceof AuthRequiredError) {
    return [ExitCode.AuthRequired, [`error: ${error.message}`, `hint: ${error.hint}`]];
  }
  return undefined;
}

/**
 * A failure of the CLI's own (a wrong flag, not signed in, a config file it cannot use) rendered
 * without the SDK: `whoami` not signed in or `config use` of an unknown profile loads no client to
 * say so. Undefined for any other failure, which `renderError` (errors/render.ts) says.
 */
export function renderOwnError(error: unknown, scrub: (text: string) => string): RenderedError | undefined {
  const own = ownFailure(error);
  return own && { code: own[0], lines: own[1].map((line) => printable(scrub(line))) };
}
