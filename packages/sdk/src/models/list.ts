import * as z from 'zod';

/** After this many failing elements a list stops being validated: the rest is counted, not checked. */
export const MAX_FAILING_ELEMENTS = 10;

/** How many elements (of all lists of one parse) are validated between two checks of the clock. */
const CHECK_EVERY = 1024;

let checkpoint: (() => void) | undefined;
let validated = 0;

/**
 * Runs `parse` with `check` called every {@link CHECK_EVERY} list elements, so that a caller can
 * end a long validation (by throwing from `check`) without waiting for a timer, which cannot fire
 * while the validation holds the event loop.
 */
export function withCheckpoint<T>(check: () => void, parse: () => T): T {
  const outer = checkpoint;
  checkpoint = check;
  try {
    return parse();
  } finally {
    checkpoint = outer;
  }
}

type Payload = z.core.ParsePayload;
type Parse = (payload: Payload, ctx: z.core.ParseContextInternal) => Payload;

/**
 * A list in a response. Unlike `z.array`: a `null` element (database-backed deployments send them)
 * is dropped, never a failure; validation stops at the {@link MAX_FAILING_ELEMENTS}th failing
 * element, so a list of a million bad records costs ten issues, not a million; and the clock of
 * {@link withCheckpoint} is checked as elements are validated.
 */
export function list<T extends z.ZodType>(element: T): z.ZodArray<T> {
  const schema = z.array(element);
  const zod = schema._zod as unknown as { parse: Parse; run: Parse };
  // zod's own array parse is kept for what is not an array (its invalid_type issue).
  const parseArray = zod.parse;
  zod.parse = zod.run = (payload, ctx) => {
    const input = payload.value;
    if (!Array.isArray(input)) return parseArray(payload, ctx);
    const out: unknown[] = [];
    const found: Payload['issues'] = [];
    let failed = 0;
    for (let i = 0; i < input.length; i++) {
      if (++validated % CHECK_EVERY === 0) checkpoint?.();
      if (input[i] === null) continue;
      const { value, issues } = element._zod.run({ value: input[i], issues: [] }, ctx) as Payload;
      if (!issues.length) out.push(value);
      else {
        for (const issue of issues) found.push({ ...issue, path: [i, ...(issue.path ?? [])] });
        if (++failed === MAX_FAILING_ELEMENTS && i + 1 < input.length) {
          // First, so that a message showing the first few issues shows this one.
          const more = (input.length - i - 1).toLocaleString('en-US');
          const message = `stopped at the ${failed}th failing element; ${more} more were not checked`;
          payload.issues.push({ code: 'custom', message, input, path: [] });
          break;
        }
      }
    }
    payload.issues.push(...found);
    payload.value = out;
    return payload;
  };
  return schema;
}
