export const RESULTS: string;
export interface BenchRow {
  name: string;
  subject?: number;
  baseline?: number;
  unit: string;
  ratio?: number;
  target?: number;
  atLeast?: boolean;
  samples?: number;
  pass?: boolean;
}
export interface BulkRun {
  machine: string;
  command: string;
  date: string;
  quick: boolean;
  rows: BenchRow[];
  notes?: string[];
}
export interface BenchRun {
  machine: string;
  /** The 1-minute load average at the start and the end of the run. */
  load?: string;
  command: string;
  date: string;
  quick: boolean;
  suites: { key: string; title: string; rows: BenchRow[] }[];
  /** The bin's bulk figures, recorded by `pnpm bench:bulk --record`. */
  bulk?: BulkRun;
}
export function readRun(): BenchRun;
export function renderReports(run: BenchRun): Record<string, string>;
export function writeReports(run: BenchRun): void;
export function recordBulk(bulk: BulkRun): void;
export function staleReports(): string[];
