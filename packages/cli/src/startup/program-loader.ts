// Loads the program (dist/bin.cjs and the chunks it requires) with its compiled code cached on
// disk, on every Node version the CLI supports. The build (build/program.ts) turns the program's
// ES-module chunks into CommonJS, so each chunk can be compiled through `vm.Script` with V8's code
// cache: the cache is taken when the run ends (`createCachedData()` after the run, as Chrome does),
// so it holds the functions the command compiled as it ran, not only the top level that Node 22's
// own compile cache keeps, and Node 20, which has no compile cache, gets one too.
//
// The cache lives in the private directory of compile-cache-dir.ts (0700, under the user's cache
// directory, every directory above it checked), never in the shared temporary directory: V8 runs
// whatever compiled code it is given for a file, so only this user may write there. Under it, one
// directory per Node version and architecture, and in that one per build of the program (the build
// inlines an id from the hash of every chunk): an upgraded CLI never reads the code of another, and
// the directories of earlier builds are removed when a new one is written. A file's cache is also
// named by its size and modification time, since V8 itself checks only the length of the source.
// Each cache is written once, when missing or refused by V8, through a new file renamed into place
// (no reader sees half a file, no write follows a link), behind a header with the CRC-32 of the
// code: V8's own checksum of a code cache is off in release builds, and a damaged cache it takes
// can crash or hang the process, so a file whose checksum does not match is not given to V8 (Node's
// compile cache checks its files the same way). Any failure to read or write a cache is no cache:
// the program runs the same, only slower.
import type { Script } from 'node:vm';

/** What the program's chunks are given as `require`: the chunk loader for `./x.cjs`, Node's otherwise. */
type ChunkRequire = NodeJS.Require;

interface Loaded {
  exports: unknown;
}

/** The header of a cache file: this magic, then the CRC-32 of the code that follows (little-endian). */
const MAGIC = 0x31636361; // 'acc1'
const HEADER = 8;

/** Node built-ins, taken when the program is loaded (the launcher's `--version` loads none of them). */
const builtin = <T>(name: string): T => process.getBuiltinModule(name) as T;

/**
 * Runs `dist/bin.cjs` from `dist`, caching each chunk's compiled code under `cacheDir` (see above).
 * @param buildId the build's id (a hash of the program's chunks), a directory name of the cache.
 */
export function loadProgram(dist: string, cacheDir: string, buildId: string): void {
  const fs = builtin<typeof import('node:fs')>('node:fs');
  const path = builtin<typeof import('node:path')>('node:path');
  const vm = builtin<typeof import('node:vm')>('node:vm');
  const { createRequire, wrap } = builtin<typeof import('node:module')>('node:module');
  const { crc32 } = builtin<typeof import('node:zlib')>('node:zlib');
  const versionDir = path.join(cacheDir, `${process.version}-${process.arch}`);
  const dir = path.join(versionDir, buildId);
  const modules = new Map<string, Loaded>();
  const toWrite: { file: string; script: Script }[] = [];

  const load = (file: string): Loaded => {
    const known = modules.get(file);
    if (known) return known;
    const source = fs.readFileSync(file, 'utf8');
    const { size, mtimeMs } = fs.statSync(file);
    const cacheFile = path.join(dir, `${path.basename(file)}-${size}-${Math.trunc(mtimeMs)}.v8`);
    const cachedData = readCache(fs, crc32, cacheFile);
    const script = new vm.Script(wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
    if (!cachedData || script.cachedDataRejected) toWrite.push({ file: cacheFile, script });
    const module = { exports: {} as unknown };
    modules.set(file, module);
    const nodeRequire = createRequire(file);
    const require = Object.assign(
      (id: string) => (id.startsWith('./') ? load(path.join(dist, id)).exports : nodeRequire(id)),
      {
        resolve: nodeRequire.resolve,
        cache: nodeRequire.cache,
        main: undefined,
        extensions: nodeRequire.extensions,
      },
    ) as ChunkRequire;
    (script.runInThisContext() as (...args: unknown[]) => void).call(
      module.exports,
      module.exports,
      require,
      module,
      file,
      dist,
    );
    return module;
  };

  process.once('exit', () => {
    if (toWrite.length > 0) writeCaches(fs, path, crc32, versionDir, dir, toWrite);
  });
  load(path.join(dist, 'bin.cjs'));
}

type Crc32 = (data: Uint8Array) => number;

/** The cached code at `file`, or undefined when there is none, it cannot be read or it is damaged. */
function readCache(fs: typeof import('node:fs'), crc32: Crc32, file: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  if (data.length <= HEADER || data.readUInt32LE(0) !== MAGIC) return undefined;
  const code = data.subarray(HEADER);
  return crc32(code) === data.readUInt32LE(4) ? code : undefined;
}

/** A directory of Node's own compile cache (`<version>-<arch>-<flags hash>-<uid>`), which earlier versions of the CLI used. */
const NODE_COMPILE_CACHE = /^v\d+\.\d+\.\d+-\w+-[0-9a-f]+-\d+$/;
/** A temporary file older than this was left by a run that was killed while writing. */
const STALE_TEMPORARY_MS = 10 * 60_000;

/**
 * Writes each script's code cache (what it compiled while the program ran) into `dir`, through a
 * new file (`wx`, 0600) renamed into place. Removes what is no longer read: the caches of other
 * builds for this Node, those of the same chunk under another size or time (a copy of the same
 * build), temporary files of killed runs, and Node's own compile cache of earlier CLI versions.
 */
function writeCaches(
  fs: typeof import('node:fs'),
  path: typeof import('node:path'),
  crc32: Crc32,
  versionDir: string,
  dir: string,
  scripts: { file: string; script: Script }[],
): void {
  let present: string[];
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const cacheDir = path.dirname(versionDir);
    for (const other of fs.readdirSync(cacheDir)) {
      if (NODE_COMPILE_CACHE.test(other))
        fs.rmSync(path.join(cacheDir, other), { recursive: true, force: true });
    }
    for (const other of fs.readdirSync(versionDir)) {
      if (other !== path.basename(dir))
        fs.rmSync(path.join(versionDir, other), { recursive: true, force: true });
    }
    present = fs.readdirSync(dir);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of present.filter((n) => n.endsWith('.tmp'))) {
    const left = path.join(dir, name);
    try {
      if (now - fs.lstatSync(left).mtimeMs > STALE_TEMPORARY_MS) fs.rmSync(left, { force: true });
    } catch {
      // gone already
    }
  }
  for (const { file, script } of scripts) {
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      const code = script.createCachedData();
      const header = Buffer.alloc(HEADER);
      header.writeUInt32LE(MAGIC, 0);
      header.writeUInt32LE(crc32(code), 4);
      fs.writeFileSync(temporary, Buffer.concat([header, code]), { flag: 'wx', mode: 0o600 });
      fs.renameSync(temporary, file);
      // `chunk-X.cjs-<size>-<time>.v8`: the same chunk's caches under another size or time go.
      const name = path.basename(file);
      const chunk = name.slice(0, name.lastIndexOf('-', name.lastIndexOf('-') - 1) + 1);
      for (const other of present) {
        if (other !== name && other.startsWith(chunk) && other.endsWith('.v8')) {
          fs.rmSync(path.join(dir, other), { force: true });
        }
      }
    } catch {
      fs.rmSync(temporary, { force: true });
    }
  }
}
