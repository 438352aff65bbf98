import * as z from 'zod';

const Rows = z.array(z.int().positive()).min(1);
/** Per-record digests of the CSV: 8 base64url characters per data record, in file order. */
export const Digests = z.string().regex(/^([A-Za-z0-9_-]{8})*$/);

/**
 * The lines of a journal (JSON lines). `rows` are CSV line numbers. Version 2 headers carry the
 * digests of the CSV's records (`grow` adds those of rows appended later); version 1 headers a
 * fingerprint that includes the CSV's bytes.
 */
export const JournalEntry = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('header'),
    version: z.literal([1, 2]),
    fingerprint: z.string().min(1),
    csv: z.string(),
    created: z.string(),
    digests: Digests.optional(),
  }),
  z.object({ t: z.literal('grow'), digests: Digests }),
  z.object({ t: z.literal('resume'), at: z.string(), pid: z.int(), torn: z.int().positive().optional() }),
  z.object({ t: z.literal('start'), batch: z.int().positive(), rows: Rows }),
  z.object({
    t: z.literal('done'),
    batch: z.int().positive(),
    rows: Rows,
    ok: z.boolean(),
    inDoubt: z.boolean().optional(),
    error: z.string().optional(),
  }),
]);

/** One journal line. */
export type JournalEntry = z.infer<typeof JournalEntry>;
/** The header line. */
export type JournalHeader = Extract<JournalEntry, { t: 'header' }>;
