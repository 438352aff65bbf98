// Loads the program (dist/bin.cjs and the chunks it requires) with its compiled code cached on
// disk, on every Node version the CLI supports. The build (build/program.ts) turns the program's
// ES-module chunks into CommonJS, so each chunk can be compiled through `vm.Script` with V8's code
// cache: the cache is taken when the run ends (`createCachedData()` after the run, as Chrome does),
// so it holds the functions the command compiled as it ran, not only the top level that Node 22's
// own compile cache keeps, and Node 20, which has no compile cache, gets one too.
//
// The cache lives in the private directory of compile-cache-dir.ts (0700, under the user's cache
// directory, every directory above it checked), never in the shared temporary directory: V8 runs
// whatever compiled code it is given for a source of the right length, so only this user may
// write there. A cache file is read only when it is a regular file (no link, no FIFO), owned by
// this user, writable by no one else and of a sane size. Under the directory, one directory per
// Node version and architecture, and in that one per build of the program (the build inlines an id
// from the hash of every chunk); a chunk's cache is named by the CRC-32 of its source, since V8
// checks only the source's length (two copies of one build share their caches; an edited chunk
// gets a new one). Each cache is written when missing or refused by V8, through a new file renamed
// into place (no reader sees half a file, no write follows a link), behind a header with the
// CRC-32 of the code: V8's own checksum of a code cache is off in release builds, and a damaged
// cache it takes can crash or hang the process, so a file whose checksum does not match is not
// given to V8 (Node's compile cache checks its files the same way). Any failure to read or write a
// cache is no cache: the program runs the same, only slower, and says nothing.
import type { Script } from 'node:vm';
import { ownedAlone } from './compile-cache-dir.js';

/** What the program's chunks are given as `require`: the chunk loader for `./x.cjs`, Node's otherwise. */
type ChunkRequire = NodeJS.Require;

interface Loaded {
  exports: unknown;
}

type Fs = typeof import('node:fs');
type Path = typeof import('node:path');
type Crc32 = (data: Uint8Array) => number;

/** The header of a cache file: this magic, then the CRC-32 of the code that follows (little-endian). */
const MAGIC = 0x31636361; // 'acc1'
const HEADER = 8;
/** A cache file larger than this is not read (the program's largest chunk caches to about 1 MB). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** Build directories kept besides the current one: two installed versions used in turn share the cache. */
const OTHER_BUILDS_KEPT = 3;
/** Node versions kept besides the current one (the caches of an upgraded Node go). */
const OTHER_VERSIONS_KEPT = 2;
/** A directory of Node's own compile cache (`<version>-<arch>-<flags hash>-<uid>`), which earlier versions of the CLI used. */
const NODE_COMPILE_CACHE = /^v\d+\.\d+\.\d+-\w+-[0-9a-f]+-\d+$/;
/** What the cache holds, by name: nothing else in it is ever removed (a link the user made there). */
const VERSION_DIR = /^v\d+\.\d+\.\d+[\w.-]*-[a-z0-9]+$/;
const BUILD_DIR = /^[0-9a-f]{16}$/;
const CACHE_FILE = /^[\w.-]+\.cjs-[0-9a-f]+\.v8$/;
const TEMPORARY = /^[\w.-]+\.cjs-[0-9a-f]+\.v8\.\d+\.tmp$/;
/** A temporary file older than this was left by a run that was killed while writing. */
const STALE_TEMPORARY_MS = 10 * 60_000;

/** Node built-ins, taken when the program is loaded (the launcher's `--version` loads none of them). */
const builtin = <T>(name: string): T => process.getBuiltinModule(name) as T;

/**
 * Runs `dist/bin.cjs` from `dist`, caching each chunk's compiled code under `cacheDir` (see above).
 * @param buildId the build's id (a hash of the program's chunks), a directory name of the cache.
 */
export function loadProgram(dist: string, cacheDir: string, buildId: string): void {
  const fs = builtin<Fs>('node:fs');
  const path = builtin<Path>('node:path');
  const vm = builtin<typeof import('node:vm')>('node:vm');
  const { createRequire, wrap } = builtin<typeof import('node:module')>('node:module');
  const { crc32 } = builtin<typeof import('node:zlib')>('node:zlib');
  const versionDir = path.join(cacheDir, `${process.version}-${process.arch}`);
  const dir = path.join(versionDir, buildId);
  // The directories under the checked one are used only as this user's own plain directories
  // (not links, writable by no one else), or made by this run.
  const uid = process.getuid?.();
  const privateDir = (at: string) => {
    const found = fs.lstatSync(at, { throwIfNoEntry: false });
    if (found === undefined) return true;
    return found.isDirectory() && (uid === undefined || ownedAlone(found, uid));
  };
  const usable = privateDir(versionDir) && privateDir(dir);
  const modules = new Map<string, Loaded>();
  const toWrite: { file: string; script: Script }[] = [];
  // Every chunk is in `dist`: one `require` serves them all; anything but a chunk is Node's.
  const nodeRequire = createRequire(path.join(dist, 'bin.cjs'));
  const require = Object.assign(
    (id: string) =>
      id.startsWith('./') && id.endsWith('.cjs') ? load(path.join(dist, id)).exports : nodeRequire(id),
    {
      resolve: nodeRequire.resolve,
      cache: nodeRequire.cache,
      main: nodeRequire.main,
      extensions: nodeRequire.extensions,
    },
  ) as ChunkRequire;

  const load = (file: string): Loaded => {
    const known = modules.get(file);
    if (known) return known;
    const bytes = fs.readFileSync(file);
    const cacheFile = path.join(dir, `${path.basename(file)}-${crc32(bytes).toString(16)}.v8`);
    const cachedData = usable ? readCache(fs, crc32, uid, cacheFile) : undefined;
    const script = new vm.Script(wrap(bytes.toString('utf8')), {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
    });
    if (usable && (!cachedData || script.cachedDataRejected)) toWrite.push({ file: cacheFile, script });
    const module = { exports: {} as unknown, id: file, filename: file, loaded: false };
    modules.set(file, module);
    (script.runInThisContext() as (...args: unknown[]) => void).call(
      module.exports,
      module.exports,
      require,
      module,
      file,
      dist,
    );
    module.loaded = true;
    return module;
  };

  process.once('exit', () => {
    if (toWrite.length === 0) return;
    // A signal now would end the run with its own code after the command has answered: held
    // (the exit handlers run to the end, then the process exits with the command's code).
    const hold = () => {};
    process.on('SIGINT', hold).on('SIGTERM', hold);
    try {
      writeCaches(fs, path, crc32, versionDir, dir, toWrite);
    } catch {
      // No cache this time.
    }
  });
  load(path.join(dist, 'bin.cjs'));
}

/**
 * The cached code at `file`, or undefined when there is none or it is not to be trusted: not a
 * regular file (a link is not followed, a FIFO not waited on), another user's or writable by
 * others, too large, or damaged (its checksum does not match).
 */
function readCache(fs: Fs, crc32: Crc32, uid: number | undefined, file: string): Buffer | undefined {
  const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (
      !stat.isFile() ||
      (uid !== undefined && !ownedAlone(stat, uid)) ||
      stat.size <= HEADER ||
      stat.size > MAX_CACHE_BYTES
    ) {
      return undefined;
    }
    const data = fs.readFileSync(fd);
    if (data.readUInt32LE(0) !== MAGIC) return undefined;
    const code = data.subarray(HEADER);
    return crc32(code) === data.readUInt32LE(4) ? code : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Writes each script's code cache (what it compiled while the program ran) into `dir`, through a
 * new file (`wx`, 0600) renamed into place. Removes what is no longer read, by the names the cache
 * gives (nothing else): the Node versions and the builds of this one but the last few written, the
 * same chunk's caches of another source, temporary files of killed runs, and Node's own compile
 * cache of earlier CLI versions. Throws on any failure.
 */
function writeCaches(
  fs: Fs,
  path: Path,
  crc32: Crc32,
  versionDir: string,
  dir: string,
  scripts: { file: string; script: Script }[],
): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const now = new Date();
  // The Node version and the build written last are kept longest.
  fs.utimesSync(versionDir, now, now);
  fs.utimesSync(dir, now, now);
  const cacheDir = path.dirname(versionDir);
  const versions: string[] = [];
  for (const other of fs.readdirSync(cacheDir)) {
    if (NODE_COMPILE_CACHE.test(other))
      fs.rmSync(path.join(cacheDir, other), { recursive: true, force: true });
    else if (VERSION_DIR.test(other) && other !== path.basename(versionDir)) versions.push(other);
  }
  removeAllButNewest(fs, path, cacheDir, versions, OTHER_VERSIONS_KEPT);
  const builds = fs
    .readdirSync(versionDir)
    .filter((name) => BUILD_DIR.test(name) && name !== path.basename(dir));
  removeAllButNewest(fs, path, versionDir, builds, OTHER_BUILDS_KEPT);
  const present = fs.readdirSync(dir);
  for (const name of present.filter((n) => TEMPORARY.test(n))) {
    const left = path.join(dir, name);
    const age = now.getTime() - (fs.lstatSync(left, { throwIfNoEntry: false })?.mtimeMs ?? now.getTime());
    if (age > STALE_TEMPORARY_MS) fs.rmSync(left, { force: true });
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
    } catch {
      try {
        fs.rmSync(temporary, { force: true });
      } catch {
        // a directory planted at that name: left as it is
      }
      continue;
    }
    // `chunk-X.cjs-<crc>.v8`: the same chunk's caches of another source go.
    const name = path.basename(file);
    const chunk = name.slice(0, name.lastIndexOf('-') + 1);
    for (const other of present) {
      if (other !== name && other.startsWith(chunk) && CACHE_FILE.test(other)) {
        fs.rmSync(path.join(dir, other), { force: true });
      }
    }
  }
}

/** Removes the entries `names` of `dir` but the `kept` last changed (a link goes, not what it points to). */
function removeAllButNewest(fs: Fs, path: Path, dir: string, names: string[], kept: number): void {
  const byAge = names
    .map((name) => ({ name, time: fs.lstatSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of byAge.slice(kept)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
}
