import { StagedFile } from './files.js';
import { testcase } from './junit-case.js';
import type { RowOutcome, Tally } from './outcome.js';

/** Where row outcomes go as they arrive; `close` writes the summary. Memory stays flat. */
export interface ReportSink {
  add(outcome: RowOutcome): Promise<void>;
  close(tally: Tally, stopped: string | undefined): Promise<void>;
  /** Removes what was written (the run did not start). */
  discard(): Promise<void>;
}

/** Text written to a staged file in chunks of about 64 KiB. */
class Buffered {
  readonly staged: StagedFile;
  #chunks: string[] = [];
  #size = 0;

  constructor(staged: StagedFile) {
    this.staged = staged;
  }

  async write(text: string): Promise<void> {
    this.#chunks.push(text);
    this.#size += text.length;
    if (this.#size >= 65_536) await this.flush();
  }

  async flush(): Promise<void> {
    const text = this.#chunks.splice(0).join('');
    this.#size = 0;
    if (text) await this.staged.write(text);
  }
}

/**
 * `--report file.json`: `{ "rows": [...], "summary": {...} }`, rows in completion order. Written
 * under a temporary name (created now, so an unwritable path fails before anything is sent) and
 * renamed into place at the end.
 */
export async function jsonReport(path: string): Promise<ReportSink> {
  const out = new Buffered(await StagedFile.create('--report', path));
  let first = true;
  return {
    async add(outcome) {
      await out.write(`${first ? '{"rows":[\n' : ',\n'}${JSON.stringify(outcome)}`);
      first = false;
    },
    async close(tally, stopped) {
      const summary = { ...tally.counts, total: tally.total, ...(stopped ? { stopped } : {}) };
      await out.write(`${first ? '{"rows":[' : '\n'}],\n"summary":${JSON.stringify(summary)}}\n`);
      await out.flush();
      await out.staged.commit();
    },
    discard: () => out.staged.discard(),
  };
}

/**
 * `--junit file.xml`: one testcase per row, a failure for each row that did not go out. Testcases
 * go to a temporary side file; `close` writes the suite with its counts around them.
 */
export async function junitReport(path: string): Promise<ReportSink> {
  const body = new Buffered(await StagedFile.create('--junit', path));
  const out = await StagedFile.create('--junit', path).catch(async (error: unknown) => {
    await body.staged.discard();
    throw error;
  });
  let failures = 0;
  return {
    async add(outcome) {
      const { xml, failed } = testcase(outcome);
      if (failed) failures++;
      await body.write(xml);
    },
    async close(tally) {
      await body.flush();
      await out.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n');
      const counts = `tests="${tally.total}" failures="${failures}" errors="0" skipped="${tally.counts.skipped}"`;
      await out.write(`<testsuite name="agent-cli offers email --csv" ${counts}>\n`);
      for await (const chunk of body.staged.file.createReadStream({ start: 0, autoClose: false })) {
        await out.write(chunk as Buffer);
      }
      await out.write('</testsuite>\n</testsuites>\n');
      await body.staged.discard();
      await out.commit();
    },
    async discard() {
      await body.staged.discard();
      await out.discard();
    },
  };
}
