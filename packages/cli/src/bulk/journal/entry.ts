import * as z from 'zod/mini';

const Rows = z.array(z.int().check(z.positive())).check(z.minLength(1));
/** Row keys (`holder.content`, see `row-key.ts`), one per row of `rows`. */
const Keys = z
  .array(z.string().check(z.regex(/^[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{12}$/)))
  .check(z.minLength(1));

/** What a journal is for: the service, the organisation, the credential type, the common body. */
export const JournalTarget = z.object({
  baseUrl: z.string(),
  org: z.string(),
  credentialType: z.string(),
  /** SHA-256 of the body's common fields (credential definition, comment, protocol version…). */
  common: z.string(),
});
export type JournalTarget = z.infer<typeof JournalTarget>;

/**
 * The lines of a journal (JSON lines). Rows are known by their keys (what they are); `rows` are
 * their CSV line numbers when they were sent, for messages only. Headers of versions 1 and 2
 * (rows keyed by line number) are recognised to be refused.
 */
export const JournalEntry = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('header'),
    version: z.literal([1, 2, 3]),
    csv: z.string(),
    created: z.string(),
    target: z.optional(JournalTarget),
    /** `i/n` for a journal of one shard. */
    shard: z.optional(z.string()),
    /** SHA-256 of the CSV's header and records (see `prepass.ts`); absent in older journals. */
    content: z.optional(z.string()),
  }),
  /** The journal was moved to another target before anything reached the first one. */
  z.object({ t: z.literal('target'), target: JournalTarget }),
  z.object({
    t: z.literal('resume'),
    at: z.string(),
    pid: z.int(),
    torn: z.optional(z.int().check(z.positive())),
  }),
  z.object({ t: z.literal('start'), batch: z.int().check(z.positive()), rows: Rows, keys: Keys }),
  z.object({
    t: z.literal('done'),
    batch: z.int().check(z.positive()),
    rows: Rows,
    keys: Keys,
    ok: z.boolean(),
    inDoubt: z.optional(z.boolean()),
    error: z.optional(z.string()),
  }),
]);

/** One journal line. */
export type JournalEntry = z.infer<typeof JournalEntry>;
/** The header line. */
export type JournalHeader = Extract<JournalEntry, { t: 'header' }>;
