import type { Tally } from './outcome.js';

/** Where progress goes (stderr) and how. */
export interface ProgressOptions {
  write: (text: string) => void;
  /** One line redrawn in place on a terminal; plain lines every `intervalMs` or 10 % otherwise. */
  tty: boolean;
  /** Rows expected in this run (for the ETA); 0 when unknown. */
  total: number;
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

/** Progress of a bulk run on stderr: rows done and failed, rate and ETA. */
export class Progress {
  readonly #opts: ProgressOptions;
  readonly #now: () => number;
  readonly #started: number;
  #lastDraw = 0;
  #lastDecile = 0;

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
      if (now - this.#lastDraw < 100) return;
      this.#opts.write(`\r\u001b[2K${this.line(tally, now)}`);
    } else {
      if (now - this.#lastDraw < (this.#opts.intervalMs ?? 5000) && decile <= this.#lastDecile) return;
      this.#opts.write(`${this.line(tally, now)}\n`);
    }
    this.#lastDraw = now;
    this.#lastDecile = decile;
  }

  /** Ends the progress display (the summary follows). */
  finish(tally: Tally): void {
    const text = this.line(tally, this.#now());
    this.#opts.write(this.#opts.tty ? `\r\u001b[2K${text}\n` : `${text}\n`);
  }

  /** `1200/10000 rows · 1195 sent · 5 failed · 850 rows/s · ETA 0:10` */
  line(tally: Tally, now: number): string {
    const done = tally.total;
    const seconds = Math.max(0.001, (now - this.#started) / 1000);
    const rate = done / seconds;
    const total = this.#opts.total;
    const parts = [
      total ? `${done}/${total} rows` : `${done} rows`,
      `${tally.delivered} sent`,
      `${tally.problems} failed`,
      `${Math.round(rate)} rows/s`,
    ];
    if (total && done < total)
      parts.push(`ETA ${duration(rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY)}`);
    return parts.join(' · ');
  }
}
