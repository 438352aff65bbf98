export declare const root: string;
export declare const PACKAGES: readonly string[];
export declare function entryPoints(dir: string): { subpath: string; file: string }[];
export declare function surface(name: string): string;
export declare function reportPath(name: string): string;
export declare function builtSurfaces(
  name: string,
): { subpath: string; file: string; source: string[]; built: string[] }[];
export declare function runtimeEntries(name: string): {
  subpath: string;
  values: string[];
  files: { condition: string; file: string }[];
}[];
