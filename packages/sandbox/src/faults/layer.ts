import { HttpResponse } from 'msw';
import { routePath, type SandboxContext } from '../context.js';
import type { Resolver } from '../resolver.js';
import type { FaultSpec } from './controller.js';
import {
  htmlPage,
  malformedJson,
  rateLimited,
  resetAfterHeaders,
  slowBody,
  statusFault,
  truncatedBody,
} from './responses.js';

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** Faults answered instead of handling the request; undefined for those that need the real answer. */
function answerInstead(fault: FaultSpec, method: string, path: string): Response | undefined {
  switch (fault.kind) {
    case 'status':
      return statusFault(fault.status ?? 500, fault.retryAfter);
    case 'rate-limit':
      return rateLimited(fault.retryAfter ?? 1);
    case 'html-error':
      return htmlPage(fault.status ?? 404, method, path);
    case 'reset-before-response':
      return HttpResponse.error();
    default:
      return undefined;
  }
}

/** Faults that spoil the real answer (the request was handled: records changed). */
function spoil(fault: FaultSpec, response: Response): Response | Promise<Response> {
  switch (fault.kind) {
    case 'reset-after-headers':
      return resetAfterHeaders(response);
    case 'truncated-body':
      return truncatedBody(response);
    case 'malformed-json':
      return malformedJson(response);
    case 'slow-body':
      return slowBody(response, fault.ms ?? 1000);
    default:
      return response;
  }
}

/**
 * Applies the sandbox's faults around a resolver. Dropped connections are
 * `Response.error()` (msw makes `fetch` reject) or a body stream that fails; the loopback server
 * turns both into real socket resets.
 */
export function withFaults(ctx: SandboxContext, resolver: Resolver): Resolver {
  return async (info) => {
    const method = info.request.method.toUpperCase();
    const path = routePath(ctx.baseUrl, info.request.url);
    const { delayMs, fault } = ctx.faults.plan(method, path);
    await sleep(delayMs);
    if (!fault) return resolver(info);
    return answerInstead(fault, method, path) ?? spoil(fault, await resolver(info));
  };
}
