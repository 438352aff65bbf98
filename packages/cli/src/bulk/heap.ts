import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's heap near what a bulk run holds. A run allocates steadily per row and keeps little
 * (about 15 MB live, whatever the row count), but V8 sizes its heap by how much was allocated: the
 * young generation doubles up to its maximum (32 MB on Node 20, 128 MB on Node 24) once enough has
 * survived since its last growth, and the old one grows to up to 4× what was live. Peak RSS so
 * rose with the row count (1.75× from 10,000 to 1,000,000 rows of a dry run) though nothing per row
 * was kept. V8 reads both flags each time it resizes: the young generation keeps its initial size
 * and the old one grows to 2× what was live. Called by the command, so the process of a CLI run is
 * the only one changed (not a program or a test that runs the engine).
 */
export function boundHeapGrowth(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=100');
}
