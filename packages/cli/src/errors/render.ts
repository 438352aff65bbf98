import {
  AbortError,
  AgentError,
  ApiError,
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError,
  RequestError,
  RequestValidationError,
  ResponseValidationError,
  SchemaRegistrationError,
  TimeoutError,
} from '@credential-agent/sdk';
import { mayHaveActed } from '../http/changes.js';
import { printable } from '../terminal/printable.js';
import { Cancelled } from './cancelled.js';
import { AuthRequiredError, ExitWith } from './cli-errors.js';
import { agentRefusedHint, type Deployment, missingRoute, passwordKeyHint } from './deployment-hints.js';
import { ExitCode } from './exit-codes.js';
import { describeIssue, type GivenInput, plainAnswerIssue } from './field-names.js';
import { ownFailure, type RenderedError } from './render-own.js';
import { UsageError } from './usage-error.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * The exit code of each kind of failure, decided here once: the first row whose class the error is
 * an instance of (and whose condition holds) wins; anything else is {@link ExitCode.Failure}.
 * {@link ExitWith} carries its own code (a bulk run's partial success, a result printed already).
 */
const EXIT_CODES: readonly [ErrorClass, ExitCode, ((error: never) => boolean)?][] = [
  [UsageError, ExitCode.Usage],
  [RequestValidationError, ExitCode.Usage],
  [AuthRequiredError, ExitCode.AuthRequired],
  [AuthenticationError, ExitCode.AuthRequired],
  [AbortError, ExitCode.Cancelled],
  // A registration that needs an action or is still running: its data is the result.
  [SchemaRegistrationError, ExitCode.ActionNeeded, (e: SchemaRegistrationError) => PENDING.has(e.state)],
];

/** Registration states that are a result to print, not a failure: an action to take, or a job running. */
export const PENDING: ReadonlySet<string> = new Set(['action', 'wait']);

/** The exit code a failure ends the run with (see {@link EXIT_CODES}). */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof ExitWith) return error.code;
  if (isCancel(error)) return ExitCode.Cancelled;
  const row = EXIT_CODES.find(([Class, , when]) => error instanceof Class && (!when || when(error as never)));
  return row?.[1] ?? ExitCode.Failure;
}

const LOGIN_HINT = 'hint: run: agent-cli login';
/** Inquirer's errors when a prompt is cancelled (Ctrl-C in raw mode, or our AbortSignal). */
const PROMPT_CANCELLED = new Set(['ExitPromptError', 'AbortPromptError', 'CancelPromptError']);

function isCancel(error: unknown): boolean {
  if (error instanceof AbortError || error instanceof Cancelled) return true;
  return error instanceof Error && PROMPT_CANCELLED.has(error.name);
}

const ENV_TOKEN_HINT =
  'hint: the service refused AGENT_CLI_TOKEN: set a valid token, or unset it to use the profile';

function renderAuth(error: AuthenticationError, context: RenderContext): string[] {
  const signingIn = error.path === 'auth/signin';
  let line = `error: ${error.message} (HTTP 401)`;
  if (error.reason === 'missing-token') line = 'error: not signed in';
  if (error.reason === 'expired-token') line = 'error: the access token has expired';
  // Which hint: the agent's key (a separate agent refused it), the password key, or signing in.
  const agent = agentRefusedHint(error, context.deployment);
  const hint = signingIn
    ? passwordKeyHint(error, context.deployment)
    : (agent ?? (context.envToken ? ENV_TOKEN_HINT : LOGIN_HINT));
  return [line, ...hintLines(hint)];
}

/** `hint: …` when there is one (the login hints carry their prefix already). */
function hintLines(hint: string | undefined): string[] {
  if (hint === undefined) return [];
  return [hint.startsWith('hint: ') ? hint : `hint: ${hint}`];
}

function renderApi(error: ApiError, context: RenderContext): string[] {
  // An HTML error page leaves only the status line as message ("HTTP 404 Not Found"): say it once,
  // with the URL tried when it is a missing route.
  const status = error.serverMessage === undefined ? '' : ` (HTTP ${error.status})`;
  const missing = missingRoute(error, context.deployment);
  const tried = missing ? `: ${error.method} ${missing.url}` : '';
  const lines = [`error: ${error.message}${status}${tried}`];
  lines.push(...hintLines(missing?.hint ?? passwordKeyHint(error, context.deployment)));
  // Only an org-scoped call (orgs/{orgId}/…) was made in an org the user may have no role in.
  if (error instanceof PermissionDeniedError && /^\/?orgs\//.test(error.path)) {
    lines.push('hint: check --org (or AGENT_CLI_ORG / the profile org): the user has no role there');
  }
  if (error instanceof RateLimitError && error.retryAfter !== undefined) {
    lines.push(`hint: retry after ${error.retryAfter} s`);
  }
  return lines;
}

/** What the renderer knows of the run: how the user gave input, and whether the token came from the environment. */
export interface RenderContext {
  given: GivenInput;
  envToken: boolean;
  /** The URLs and settings of the run, when they could be read: for hints naming a setting. */
  deployment?: Deployment | undefined;
}

/** What to say after a POST (or PUT, …) ended without an answer: the service may have acted on it. */
const MAY_HAVE_BEEN_PROCESSED =
  'was sent and may have been processed by the service; check before running it again';

const SIGN_IN_CANCELLED =
  'cancelled: the sign-in was sent and may have completed on the service; nothing was stored';

/** A cancelled POST (other than signing in) may have reached the service and been processed. */
function cancelLine(error: unknown): string {
  if (!(error instanceof AbortError)) return 'cancelled';
  const { method, path } = error;
  if (method === 'POST' && path.replace(/^\//, '') === 'auth/signin') return SIGN_IN_CANCELLED;
  if (!mayHaveActed(method, path)) return 'cancelled';
  return `cancelled: ${method} /${path.replace(/^\//, '')} ${MAY_HAVE_BEEN_PROCESSED}`;
}

/** A timed-out POST may have been processed too: running it again blindly could do it twice. */
function timeoutLine(error: TimeoutError): string {
  if (!mayHaveActed(error.method, error.path)) return `error: ${error.message}`;
  return `error: ${error.message}: it ${MAY_HAVE_BEEN_PROCESSED}`;
}

/** The lines of a failure the CLI knows how to say; undefined for an unexpected one. */
function renderKnown(error: unknown, context: RenderContext): string[] | undefined {
  const own = ownFailure(error);
  if (own) return own[1];
  if (error instanceof ExitWith) {
    if (error.cause === undefined) return [];
    return renderKnown(error.cause, context) ?? [`error: ${messageOf(error.cause)}`];
  }
  if (isCancel(error)) return [cancelLine(error)];
  if (error instanceof RequestValidationError) {
    return [`error: ${error.issues.map((i) => describeIssue(i, context.given)).join('; ')}`];
  }
  if (error instanceof AuthenticationError) return renderAuth(error, context);
  if (error instanceof ApiError) return renderApi(error, context);
  if (error instanceof TimeoutError) return [timeoutLine(error)];
  if (error instanceof ResponseValidationError) {
    const { method, path, status, issues } = error;
    const what = issues.slice(0, 3).map(plainAnswerIssue).join('; ');
    const line = `error: unexpected answer from ${method} /${path.replace(/^\//, '')} (HTTP ${status}): ${what}`;
    // The request went out and was answered 2xx: a proof request or offer may exist already.
    return [mayHaveActed(method, path) ? `${line}: the request ${MAY_HAVE_BEEN_PROCESSED}` : line];
  }
  if (error instanceof AgentError) return [`error: ${error.message}`];
  return undefined;
}

/** For --verbose: the request a failure belongs to, from the error's fields. */
function requestLine(error: unknown): string | undefined {
  const failure = error instanceof ExitWith ? error.cause : error;
  if (!(failure instanceof RequestError)) return undefined;
  const { name, method, path, target } = failure;
  return `* ${name} of ${method} /${path.replace(/^\//, '')} (${target})`;
}

/**
 * Maps any failure to one clear line (plus a hint where one helps) and its exit code. Known
 * secrets are scrubbed from every line; `verbose` adds the stack of unexpected errors.
 */
export function renderError(
  error: unknown,
  opts: { verbose: boolean; scrub: (text: string) => string } & Partial<RenderContext>,
): RenderedError {
  const known = renderKnown(error, {
    given: opts.given ?? { flags: new Set() },
    envToken: opts.envToken ?? false,
    deployment: opts.deployment,
  });
  const shown = known ?? [`error: ${messageOf(error)}`];
  const request = opts.verbose ? requestLine(error) : undefined;
  if (request !== undefined) shown.push(request);
  const lines = shown.map((line) => printable(opts.scrub(line)));
  if (!known && opts.verbose && error instanceof Error && error.stack) lines.push(opts.scrub(error.stack));
  return { code: exitCodeOf(error), lines };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
