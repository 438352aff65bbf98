import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createContext, runInContext } from 'node:vm';

/**
 * A CommonJS build of the SDK evaluated in another realm (a `vm` context, with its own `Error`,
 * `Object` and `Proxy`), its `require` resolving from the build: what a second copy of the SDK in
 * an iframe or a `vm` sandbox is. `globals` are given to the context as they are.
 */
export function loadInOtherRealm<T>(build: URL, globals: Record<string, unknown> = {}): T {
  const module = { exports: {} };
  const context = createContext({ ...globals, module, require: createRequire(build) });
  runInContext(
    `(function (module, exports, require) {${readFileSync(build, 'utf8')}\n})(module, module.exports, require)`,
    context,
  );
  return module.exports as T;
}
