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
export interface BenchRun {
  machine: string;
  /** The 1-minute load average at the start and the end of the run. */
  load?: string;
  command: string;
  date: string;
  quick: boolean;
  suites: { key: string; title: string; rows: BenchRow[] }[];
}
export function readRun(): BenchRun;
export function renderReports(run: BenchRun): Record<string, string>;
export function writeReports(run: BenchRun): void;
export function staleReports(): string[];
