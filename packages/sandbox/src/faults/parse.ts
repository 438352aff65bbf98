import type { z } from 'zod';
import { type FaultSpec, FaultSpecSchema, validateFault } from './controller.js';

/** Which field a bare number after the kind sets (`status:503`, `latency:200`, `rate-limit:5`). */
const POSITIONAL: Readonly<Record<string, 'status' | 'ms' | 'retryAfter'>> = {
  status: 'status',
  'html-error': 'status',
  latency: 'ms',
  'slow-body': 'ms',
  'rate-limit': 'retryAfter',
};
const NUMERIC = new Set(['status', 'rate', 'times', 'ms', 'retryAfter']);
const ALIASES: Readonly<Record<string, string>> = { 'retry-after': 'retryAfter' };

function parseOne(text: string): Record<string, unknown> {
  const [kind = '', ...parts] = text.split(':').map((p) => p.trim());
  const spec: Record<string, unknown> = { kind };
  for (const part of parts) {
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? POSITIONAL[kind] : part.slice(0, eq);
    if (rawKey === undefined) throw new Error(`fault "${text}": "${part}" is not key=value`);
    const key = ALIASES[rawKey] ?? rawKey;
    const value = eq < 0 ? part : part.slice(eq + 1);
    spec[key] = NUMERIC.has(key) ? Number(value) : value;
  }
  return spec;
}

function issuesOf(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || 'fault'}: ${i.message}`).join('; ');
}

/**
 * Parses faults from the command line: JSON (one spec or an array), or a comma-separated list of
 * `kind[:number][:key=value…]`, where the bare number is the status (`status`, `html-error`),
 * the delay in ms (`latency`, `slow-body`) or the Retry-After seconds (`rate-limit`).
 * @example
 * parseFaultSpecs('status:503:path=/credentials:times=2,latency:ms=200');
 * parseFaultSpecs('[{"kind":"rate-limit","retryAfter":2,"times":1}]');
 * @throws {@link Error} naming the fault that is not understood.
 */
export function parseFaultSpecs(text: string): FaultSpec[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  let raw: unknown[];
  if (/^[[{]/.test(trimmed)) {
    const json: unknown = JSON.parse(trimmed);
    raw = Array.isArray(json) ? json : [json];
  } else {
    raw = trimmed
      .split(',')
      .filter((s) => s.trim())
      .map(parseOne);
  }
  return raw.map((spec) => {
    const result = FaultSpecSchema.safeParse(spec);
    if (!result.success) throw new Error(`Invalid fault ${JSON.stringify(spec)}: ${issuesOf(result.error)}`);
    return validateFault(result.data);
  });
}
