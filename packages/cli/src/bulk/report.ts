import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { UsageError } from '../errors.js';
import type { RowOutcome, Tally } from './outcome.js';

/** Where row outcomes go as they arrive; `close` writes the summary. Memory stays flat. */
export interface ReportSink {
  add(outcome: RowOutcome): Promise<void>;
  close(tally: Tally, stopped: string | undefined): Promise<void>;
}

/** A file stream whose error (e.g. a missing directory) is thrown by the next write, not lost. */
function openFile(path: string): WriteStream {
  const stream = createWriteStream(path);
  stream.on('error', (error) => {
    failures.set(
      stream,
      new UsageError(`cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? error.message}`),
    );
  });
  return stream;
}

const failures = new WeakMap<WriteStream, Error>();

async function write(stream: WriteStream, text: string): Promise<void> {
  const failure = failures.get(stream);
  if (failure) throw failure;
  if (!stream.write(text)) await once(stream, 'drain');
}

async function end(stream: WriteStream): Promise<void> {
  const failure = failures.get(stream);
  if (failure) throw failure;
  stream.end();
  await once(stream, 'finish');
}

/** `--report file.json`: `{ "rows": [...], "summary": {...} }`, rows streamed in completion order. */
export function jsonReport(path: string): ReportSink {
  const stream = openFile(path);
  let first = true;
  return {
    async add(outcome) {
      await write(stream, `${first ? '{"rows":[\n' : ',\n'}${JSON.stringify(outcome)}`);
      first = false;
    },
    async close(tally, stopped) {
      const summary = { ...tally.counts, total: tally.total, ...(stopped ? { stopped } : {}) };
      await write(stream, `${first ? '{"rows":[' : '\n'}],\n"summary":${JSON.stringify(summary)}}\n`);
      await end(stream);
    },
  };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these, so they are removed.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function xml(text: string): string {
  // Control characters are not allowed in XML 1.0.
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c).replace(CONTROL, '');
}

function testcase(o: RowOutcome): string {
  const head = `  <testcase classname="offers email" name="${xml(`line ${o.line} ${o.email}`)}" time="0"`;
  const message = xml(o.message ?? o.status);
  if (o.status === 'sent') return `${head}/>\n`;
  if (o.status === 'already-sent')
    return `${head}><system-out>already sent by an earlier run</system-out></testcase>\n`;
  if (o.status === 'skipped') return `${head}><skipped message="${message}"/></testcase>\n`;
  return `${head}><failure type="${o.status}" message="${message}">${message}</failure></testcase>\n`;
}

/**
 * `--junit file.xml`: one testcase per row, a failure for each row that did not go out. Testcases
 * are streamed to a side file; `close` writes the suite with its counts around them.
 */
export function junitReport(path: string): ReportSink {
  const body = `${path}.part`;
  const stream = openFile(body);
  return {
    add: (outcome) => write(stream, testcase(outcome)),
    async close(tally) {
      await end(stream);
      const failures = tally.problems - tally.counts.skipped;
      const out = openFile(`${path}.tmp`);
      await write(out, '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n');
      await write(
        out,
        `<testsuite name="agent-cli offers email --csv" tests="${tally.total}" failures="${failures}" errors="0" skipped="${tally.counts.skipped}">\n`,
      );
      await pipeline(createReadStream(body), out, { end: false });
      await write(out, '</testsuite>\n</testsuites>\n');
      await end(out);
      await rename(`${path}.tmp`, path);
      await rm(body, { force: true });
    },
  };
}
