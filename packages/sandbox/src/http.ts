import { STATUS_CODES } from 'node:http';
import { HttpResponse } from 'msw';

/**
 * Whose error bodies an endpoint answers with: the NestJS platform gateway (`/auth`, `/orgs/…`)
 * sends `{ statusCode, message, error }`; the REST agent controller (`/oob`, `/credentials`,
 * `/dids`, `/schemas`) sends a bare `{ message }`.
 */
export type ErrorStyle = 'gateway' | 'agent';

/** An error an endpoint answers with; thrown by handlers and rendered by {@link errorResponse}. */
export class HttpError extends Error {
  readonly status: number;
  /** The gateway's `error` text when it differs from the status text (403: `Forbidden Resource`). */
  readonly errorText: string | undefined;
  constructor(status: number, message: string, errorText?: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errorText = errorText;
  }
}

/**
 * A failure of the agent behind the gateway: the spec flavour answers `message`; the platform
 * flavour relays `agentMessage` nested, as the real gateway does (see {@link relayedResponse}).
 */
export class AgentFailure extends HttpError {
  readonly agentMessage: string;
  constructor(status: number, message: string, agentMessage: string) {
    super(status, message);
    this.agentMessage = agentMessage;
  }
}

/** The real gateway's answer to a failed agent call: the agent's body two levels down. */
export function relayedResponse(failure: AgentFailure) {
  const { status } = failure;
  return HttpResponse.json(
    {
      statusCode: status,
      message: 'Something went wrong!',
      error: {
        statusCode: status,
        message: `Request failed with status code ${status}`,
        error: { message: failure.agentMessage },
      },
    },
    { status },
  );
}

/** The error body of one style. */
export function errorResponse(
  style: ErrorStyle,
  status: number,
  message: string | string[],
  errorText?: string,
) {
  if (style === 'agent' && !Array.isArray(message)) return HttpResponse.json({ message }, { status });
  const error = errorText ?? STATUS_CODES[status] ?? 'Error';
  return HttpResponse.json({ statusCode: status, message, error }, { status });
}

/** The real agent's (tsoa) answer to a body or query it refuses: 422 naming each field. */
export function validationFailed(details: Record<string, { message: string }>) {
  return HttpResponse.json({ message: 'Validation Failed', details }, { status: 422 });
}

/** A NestJS-style 400 whose `message` lists each field that is wrong. */
export function badRequest(style: ErrorStyle, messages: string[]) {
  return errorResponse(style, 400, messages, 'Bad Request');
}

/** Renders a thrown {@link HttpError}; anything else is a bug of the sandbox and is re-thrown. */
export function renderError(style: ErrorStyle, error: unknown) {
  if (error instanceof HttpError) return errorResponse(style, error.status, error.message, error.errorText);
  throw error;
}

/** The agent's 404 for an unknown record, e.g. `OutOfBandRecord: record with id X not found.` */
export function recordNotFound(kind: string, id: string): HttpError {
  return new HttpError(404, `${kind}: record with id ${id} not found.`);
}

/** The gateway's 201 envelope of the `/orgs/…` endpoints. */
export function created(message: string, data: unknown) {
  return HttpResponse.json({ statusCode: 201, message, data }, { status: 201 });
}
