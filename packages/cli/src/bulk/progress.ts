import type { Tally } from './outcome.js';

/** Where progress goes (stderr) and how. */
export interface ProgressOptions {
  write: (text: string) => void;
  /** One line redrawn in place on a terminal; plain lines every `intervalMs` or 10 % otherwise. */
  tty: boolean;
  /** Rows expected in this run (for the ETA); 0 when unknown. */
  total: number;
  /** A dry run checks rows: it sends none. */
  dryRun?: boolean;
  now?: () => number;
  intervalMs?: number;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
    : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const CLEAR = '\r\u001b[2K';

/** Progress of a bulk run on stderr: rows handled by outcome, rate and ETA. */
export class Progress {
  readonly #opts: ProgressOptions;
  readonly #now: () => number;
  readonly #started: number;
  #lastDraw = 0;
  #lastDecile = 0;
  /** The text of the last plain line, or whether a terminal line is on screen. */
  #last = '';
  #onScreen = false;

  constructor(opts: ProgressOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
    this.#started = this.#now();
    this.#lastDraw = this.#started;
  }

  /** Called after each row; draws when due. */
  update(tally: Tally): void {
    const now = this.#now();
    const decile = this.#opts.total ? Math.floor((tally.total * 10) / this.#opts.total) : 0;
    if (this.#opts.tty) {
      if (now - this.#lastDraw < 100 && this.#onScreen) return;
      this.#opts.write(`${CLEAR}${this.line(tally, now)}`);
      this.#onScreen = true;
    } else {
      if (now - this.#lastDraw < (this.#opts.intervalMs ?? 5000) && decile <= this.#lastDecile) return;
      this.#plain(this.line(tally, now));
    }
    this.#lastDraw = now;
    this.#lastDecile = decile;
  }

  /** Takes the terminal line off the screen before another line is printed (it is redrawn later). */
  clear(): void {
    if (!this.#onScreen) return;
    this.#opts.write(CLEAR);
    this.#onScreen = false;
  }

  /** Ends the progress display: the last line once (the summary follows on stdout). */
  finish(tally: Tally): void {
    const text = this.line(tally, this.#now());
    if (this.#opts.tty) {
      this.#opts.write(`${CLEAR}${text}\n`);
      this.#onScreen = false;
    } else if (text.replace(/ · \d+ rows\/s.*$/, '') !== this.#last.replace(/ · \d+ rows\/s.*$/, '')) {
      this.#plain(text);
    }
  }

  #plain(text: string): void {
    this.#opts.write(`${text}\n`);
    this.#last = text;
  }

  /** `1200/10000 rows · 1188 sent · 5 failed · 2 invalid · 5 in doubt · 850 rows/s · ETA 0:10` */
  line(tally: Tally, now: number): string {
    const done = tally.total;
    const seconds = Math.max(0.001, (now - this.#started) / 1000);
    const rate = done / seconds;
    const total = this.#opts.total;
    const c = tally.counts;
    const parts = [total ? `${done}/${total} rows` : `${done} rows`];
    if (this.#opts.dryRun) parts.push(`${c.valid} valid`, `${c.invalid} invalid`);
    else {
      parts.push(`${c.sent} sent`);
      if (c['already-sent']) parts.push(`${c['already-sent']} already sent`);
      parts.push(`${c.failed} failed`);
      if (c.invalid) parts.push(`${c.invalid} invalid`);
      if (c['in-doubt']) parts.push(`${c['in-doubt']} in doubt`);
      if (c.skipped) parts.push(`${c.skipped} not sent`);
    }
    parts.push(`${Math.round(rate)} rows/s`);
    if (total && done < total)
      parts.push(`ETA ${duration(rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY)}`);
    return parts.join(' · ');
  }
}
