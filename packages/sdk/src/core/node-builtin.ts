/**
 * Node's built-in module `id` (`process.getBuiltinModule`, Node 20.16 and later), or undefined
 * where there is none: a browser, an older runtime, or one whose look-up throws (a partial Node
 * polyfill). What it gives is only as typed as the caller checks it to be.
 */
export function nodeBuiltin<T>(id: string): Partial<T> | undefined {
  try {
    const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return proc?.getBuiltinModule?.(id) as Partial<T> | undefined;
  } catch {
    return undefined;
  }
}
