import * as z from 'zod/mini';
import { fastCheck } from './fast-check.js';
import { apply, passes, registerList } from './schema-kinds.js';

export { listElement } from './schema-kinds.js';

/** After this many failing elements a list stops being validated: the rest is counted, not checked. */
export const MAX_FAILING_ELEMENTS = 10;

/** How many elements are validated between two calls of the `check` of {@link validateList}. */
const CHECK_EVERY = 256;

type Issue = z.core.$ZodRawIssue;

/** What {@link validateList} made of a list: the elements that passed, and the issues of the rest. */
export interface ListResult {
  value: unknown[];
  issues: Issue[];
}

/**
 * Validates each element of `input` with `element`, in a plain loop: a `null` element is dropped;
 * validation stops at the {@link MAX_FAILING_ELEMENTS}th failing element (the rest is counted in one
 * issue, first, so that a message showing the first few issues shows it); `check` is called every
 * few hundred elements, so that a caller can end a long validation (by throwing from it) though no
 * timer can fire while it runs. `owned` says the list is the SDK's own (a body fresh from
 * `JSON.parse`): only then is it checked where it lies by the fast path, which changes it; any other
 * list (a caller's, given to a public list schema) is zod's alone, which leaves it as it was.
 */
export function validateList(
  element: z.core.$ZodType,
  input: readonly unknown[],
  { check, owned = false }: { check?: () => void; owned?: boolean } = {},
): ListResult {
  const value: unknown[] = [];
  const found: Issue[] = [];
  let failed = 0;
  const fast = owned ? fastCheck(element) : undefined;
  // One list of changes and one holder for every element (an element's changes are made once it passed).
  const fixes: unknown[] = [];
  const holder = { value: undefined as unknown };
  for (let i = 0; i < input.length; i++) {
    if (check && i % CHECK_EVERY === CHECK_EVERY - 1) check();
    const item = input[i];
    if (item === null) continue;
    holder.value = item;
    if (fixes.length) fixes.length = 0;
    if (fast && passes(fast, fixes, holder)) {
      if (fixes.length) apply(fixes);
      value.push(holder.value);
      continue;
    }
    const result = z.safeParse(element, item);
    if (result.success) {
      value.push(result.data);
      continue;
    }
    for (const issue of result.error.issues) found.push({ ...issue, path: [i, ...issue.path] } as Issue);
    if (++failed === MAX_FAILING_ELEMENTS && i + 1 < input.length) {
      const more = (input.length - i - 1).toLocaleString('en-US');
      const message = `stopped at the ${failed}th failing element; ${more} more were not checked`;
      // Without the list as its input: zod's message prints every issue's input.
      found.unshift({ code: 'custom', message, input: undefined, path: [] });
      break;
    }
  }
  return { value, issues: found };
}

/**
 * A list in a response. Unlike `z.array`: a `null` element (database-backed deployments send them)
 * is dropped, never a failure; and validation stops at the {@link MAX_FAILING_ELEMENTS}th failing
 * element, so a list of a million bad records costs ten issues, not a million. The SDK validates
 * a list that is a whole response with {@link validateList} itself, checking its deadline, where
 * it lies; given to this schema's `parse`, a list is zod's alone, and left as it was.
 */
export function list<T extends z.ZodMiniType>(element: T): z.ZodMiniType<z.output<T>[], z.input<T>[]> {
  const schema = z.pipe(
    z.unknown(),
    z.transform((input, ctx) => {
      if (!Array.isArray(input)) {
        ctx.issues.push({ code: 'invalid_type', expected: 'array', input });
        return z.NEVER;
      }
      const { value, issues } = validateList(element, input);
      ctx.issues.push(...issues);
      return value as z.output<T>[];
    }),
  );
  registerList(schema, element);
  return schema as unknown as z.ZodMiniType<z.output<T>[], z.input<T>[]>;
}
