import type { RequestEvent, ResponseEvent, RetryEvent, TransportHooks } from '@credential-agent/sdk';
import { printable } from './printable.js';

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === '') return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function headerLines(prefix: string, headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([k, v]) => `${prefix} ${k}: ${v}`);
}

/**
 * Hooks that print the HTTP exchange to stderr for `--verbose`. The SDK hands them redacted
 * headers and bodies; `scrub` removes any secret the CLI knows of besides.
 */
export function verboseHooks(write: (line: string) => void, scrub: (text: string) => string): TransportHooks {
  const emit = (lines: (string | undefined)[]) => {
    for (const line of lines) if (line !== undefined) write(printable(scrub(line)));
  };
  return {
    onRequest: (e: RequestEvent) =>
      emit([`> ${e.method} ${e.url}`, ...headerLines('>', e.headers), prefixed('>', bodyText(e.body))]),
    onResponse: (e: ResponseEvent) =>
      emit([
        `< ${e.status} ${e.method} ${e.url} (${e.durationMs} ms)`,
        ...headerLines('<', e.headers),
        prefixed('<', bodyText(e.body)),
      ]),
    onRetry: (e: RetryEvent) =>
      emit([`* retry ${e.attempt} of ${e.method} ${e.url} in ${Math.round(e.delayMs)} ms: ${e.reason}`]),
  };
}

function prefixed(prefix: string, text: string | undefined): string | undefined {
  return text === undefined ? undefined : `${prefix} ${text}`;
}
