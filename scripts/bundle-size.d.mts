export function bundleSize(
  contents: string,
  options: { resolveDir: string; loader?: 'js' | 'ts'; external?: string[] },
): Promise<{ gzip: number; inputs: string[]; kept: string[] }>;
export function moduleSizes(
  contents: string,
  options: { resolveDir: string; loader?: 'js' | 'ts'; external?: string[] },
): Promise<{ gzip: number; files: { file: string; gzip: number }[] }>;
