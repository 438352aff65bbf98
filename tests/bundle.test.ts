import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleSize } from '../scripts/bundle-size.mjs';
import { root } from './support/packages.js';

// What a bundler makes of the SDK's sources (the same code tsup publishes). `pnpm bench` reports
// the figures of the built package; this keeps the two properties that must not regress.
const sdkSrc = join(root, 'packages/sdk/src');

async function bundle(contents: string, external: string[] = []) {
  const { gzip, inputs, kept } = await bundleSize(contents, { resolveDir: sdkSrc, loader: 'ts', external });
  return { gzipBytes: gzip, inputs, kept };
}

const fromPackage = (inputs: string[], name: string) => inputs.filter((file) => file.includes(`/${name}/`));

describe('the SDK in a bundle', () => {
  it('importing only the models pulls in zod but not ky', async () => {
    const { inputs } = await bundle("export * from './models/index.js';");
    expect(fromPackage(inputs, 'ky')).toEqual([]);
    expect(fromPackage(inputs, 'zod').length).toBeGreaterThan(0);
  });

  // Budgets: issue 23 sets 15 KB (own code) and 45 KB (AgentClient with its dependencies); both
  // are missed. The figures of the built package are the recorded run's (docs/bench/results.json,
  // `pnpm bench --only size`); this test bundles the sources. When the budgets were first set, the
  // built package measured own code 20.37 KB, AgentClient 50.31 KB; over these sources 20.71 KB
  // (21,203 B) and 50.74 KB (51,954 B). Each
  // budget is the sources' figure rounded up to the next 0.25 KB. The round of issues 20–22 had
  // raised them to 21 KB / 52 KB; issue 23's cuts (0.2 KB of own code) and its faster validation
  // and body read (+0.2 KB, docs/performance.md "The SDK's hot paths") left them here. ky (a fixed
  // choice) is 4.3 KB of AgentClient. The bulk options' range check and the record fields'
  // `__proto__` check (the attack on issue 23) took AgentClient to 51,979 B over the sources, 11 B
  // past 50.75 KB: its budget is 51 KB. Issue 18's `.withResponse()` on every call (the APIPromise
  // class, and each method giving its answer's response instead of a module-level WeakMap) and
  // `request()` refusing options inside its first argument took the own code from 21,232 B to
  // 21,421 B, past 20.75 KB (the APIPromise is 0.15 KB of it; the `withResponse()` function, kept
  // for callers of 0.1, 54 B): its budget is 21 KB. AgentClient stays within 51 KB (52,212 B).
  // Closed request enums with their escape (issue 18: `unknownValue`, the run-time check of every
  // request enum) took the own code to 21,651 B and AgentClient to 52,387 B: budgets 21.25 KB and
  // 51.25 KB. Errors that carry their facts (issue 18: FieldIssue codes with expected/received from
  // zod's issues and the services' 400 wording, the request's target, registration ids; the
  // RequestError base saved what five classes re-declared) took them to 22,448 B and 53,219 B:
  // budgets 22 KB and 52 KB (with `proofs.request` typed as the agent's record, AgentClient is
  // 53,242 B). The bulk verdicts (issue 18: `prepareBulkEmail`, `validateBulkRows`; the CLI's dry
  // run and its real run judge each row by them, once) took them to 22,709 B and 53,361 B: budgets
  // 22.25 KB and 52.25 KB. Options that cannot change the call (issue 18: one check of every call's
  // options, refusing any key but the per-call ones, with HeadersInit forms), `.withResponse()`
  // redacted as errors are, the sign-in under the call's signal and timeout and `callResolvingTo`
  // took them to 23,116 B and 53,750 B: budgets 22.75 KB and 52.5 KB. The errors' last facts
  // (issue 18: `serverMessage`, `refused`, the field a gateway sentence names, the path sent)
  // took them to 23,299 B and 53,972 B: budgets 22.8 KB and 52.75 KB. Issue 18's enum fixes took
  // them to 23,766 B / 54,365 B, the bulk holder check (one holder once, offer values judged in the
  // SDK) to 24,409 B / 54,923 B: budgets 24 KB and 54 KB. Issue 23's bulk speed-up (the wire
  // watched within Node's fetch call instead of in an AsyncLocalStorage, the JSON text given to
  // fetch beside ky's Request: bulk from about 0.42x to 0.57x of a fetch loop) took the own code
  // past 24 KB, to 24,624 B: budget 24.25 KB. Issue 23's generated validation code
  // (models/fast-check-code.ts: validation of a list about 2.5 times faster where `new Function` is
  // allowed, the closures kept for where it is not) took them to 25,907 B / 56,516 B: budgets
  // 25.5 KB and 55.25 KB. Issue 23's third round (a null made absent where the generated check finds
  // it, outside unions: a body of nulls from 1.4x to 1.2x of fetch + JSON.parse; a caller's list
  // left to zod; from the attack: z.exactOptional, a missing unknown field and an own __proto__ key
  // left to zod, the nulls of a list of lists dropped, an error's body scrubbed when read; zod 4's
  // formats and coercions left to zod, zod's cause scrubbed, inherited field names and symbol keys
  // left to zod) took them to 26,389 B / 56,960 B: budgets 26 KB and 55.75 KB. Issue 23's seventh
  // round built the models with `zod/mini` (docs/performance.md): AgentClient from 56,960 B to
  // 44,299 B, with zod's generated parse of objects kept (models/object.ts, 1.1 KB of it), under the
  // issue's 45 KB, which is now its budget; the own code, whose schemas are now calls
  // (`z.optional(x)`, `x.check(z.refine(…))`) and which chooses zod's English messages, to
  // 26,816 B: budget 26.25 KB. The two errors of that round that escaped as other than an
  // AgentError (a self-holding `autoAcceptProof`, a `request()` schema that is not zod 4's) took it
  // to 26,917 B: budget 26.5 KB. Its eighth round (an ASCII answer decoded as Latin-1 on Node, about
  // 0.3 ms off a list() of 1,000 records) and what the attack on it found in `client.request()`
  // (each request field read once, unreadable ones refused before sending, a caller's schema with
  // refinements run once by zod's async parse under the timeout and signal, what it throws a
  // ResponseValidationError, chunks that are not Uint8Arrays refused) took it to 27,621 B, and what
  // the second attack found (a chunk read by its internal slots, not by the byteOffset/byteLength
  // it claims; anything a schema throws, a Symbol or an object posing as the SDK's error included,
  // made the SDK's error; sync checks that outlast the timeout a timeout) to 27,756 B: budget 27.25 KB.
  // Its ninth round's attacks (a failure said "not sent" only from a fetch the SDK vouches for:
  // Node's own, told by its source, through Node's own dispatcher, or one marked
  // FETCH_REPORTS_IN_CALL; otherwise a POST that had arrived was sent two or three times) took it
  // to 28,152 B: budget 27.75 KB. Its tenth round's attacks (helper-68 and helper-69: a request
  // made by an undici installed from npm, which may not report its writes over HTTP/2, is told
  // from one of Node's own by the stack of its report; a caller's class named Agent, `allowH2` in
  // `connect`, reports of any shape) took it to 28,498 B: budget 28 KB; helper-70's (a `dispatch`
  // wrapped on undici's base class, reports whose reads throw) to 28,578 B.
  // What each file costs: `node scripts/bench-size.mjs --modules`;
  // why the targets are missed: docs/performance.md.
  it("the SDK's own code stays within 28 KB minified and gzipped (ky and zod external)", async () => {
    const { gzipBytes, inputs } = await bundle("export * from './index.js';", ['ky', 'zod']);
    expect(fromPackage(inputs, 'zod')).toEqual([]);
    expect(gzipBytes).toBeLessThanOrEqual(28 * 1024);
  });

  it("AgentClient with ky and zod (what a browser user ships) stays within issue 23's 45 KB minified and gzipped", async () => {
    // One named import of zod (`import { z }`) pulls in all its locales: 110 KB. The models are
    // built with `zod/mini` (issue 23, seventh round): zod's classic API, whose every schema brings
    // its JSON-schema processors and string formats, is 15 KB more, and none of it may come in.
    const { gzipBytes, kept } = await bundle("export { AgentClient } from './index.js';");
    expect(fromPackage(kept, 'zod').filter((file) => /\/(classic|locales)\//.test(file))).toEqual([
      expect.stringMatching(/\/v4\/locales\/en\.js$/),
    ]);
    expect(gzipBytes).toBeLessThanOrEqual(45 * 1024);
  });

  it('a browser bundle of the client needs no Node.js built-in module', async () => {
    const result = await build({
      stdin: { contents: "export { AgentClient } from './index.js';", resolveDir: sdkSrc, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.map((i) => i.path),
    );
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
  });
});
