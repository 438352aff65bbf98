/** Generators of invalid command-line values. The SDK's generators are reused where they fit. */
import fc from 'fast-check';

export { notAnEmail, notAUuid, notAVersion } from '../../../sdk/test/support/mutations.js';

/** Empty and blank values. */
export const blank: fc.Arbitrary<string> = fc.oneof(fc.constant(''), fc.stringMatching(/^[ \t]{1,4}$/));

/** Text that `JSON.parse` refuses, and JSON that is not an object (array, string, number, null…). */
export const notAJsonObject: fc.Arbitrary<string> = fc.oneof(
  fc.string().filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
  fc.constantFrom('{', '{"a":', "{'a':1}", '{"a":1,}', '[1,2', 'undefined', 'NaN'),
  fc
    .jsonValue()
    .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
    .map((v) => JSON.stringify(v)),
);

/** A file name (no separators), for paths that do not exist. */
export const fileName: fc.Arbitrary<string> = fc
  .string({ minLength: 1, maxLength: 20 })
  .filter((s) => !/[/\\\0]/.test(s) && s !== '.' && s !== '..');

/** `--attr` values that are not `name=value` with a name: no `=`, `=` first, or a blank name. */
export const badAttr: fc.Arbitrary<string> = fc.oneof(
  fc.string().filter((s) => s.indexOf('=') <= 0),
  fc.stringMatching(/^[ \t]{1,3}=[a-z]{0,5}$/),
);

/** `--attr` values without `=` that hold a line break or a terminal escape. */
export const badAttrWithControls: fc.Arbitrary<string> = fc
  .tuple(fc.string(), fc.constantFrom('\n', '\r\n', '\u001b[2J', '\u001b]0;title\u0007'), fc.string())
  .map((parts) => parts.join('').replace(/=/g, ''));

/** Values that are not whole numbers ≥ 1: zero, negatives, fractions, words, blanks. */
export const notAPositiveInt: fc.Arbitrary<string> = fc
  .oneof(
    fc.integer({ min: -1_000_000, max: 0 }).map(String),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }).map(String),
    fc.string(),
    fc.constantFrom('', 'NaN', 'Infinity', '1.5', '-1', '0', 'ten'),
  )
  .filter((s) => !(Number.isInteger(Number(s)) && Number(s) >= 1));

/** Values that are not a shard `i/n` with 1 ≤ i ≤ n ≤ 4096. */
export const notAShard: fc.Arbitrary<string> = fc
  .oneof(
    fc.string(),
    fc.tuple(fc.integer({ min: -3, max: 9 }), fc.integer({ min: -3, max: 9 })).map(([i, n]) => `${i}/${n}`),
    fc.constantFrom('1', '1/', '/2', '1-2', '1/2/3', 'a/b', '1/4097', '1/99999999999999999999'),
  )
  .filter((s) => {
    const m = /^\s*(\d+)\/(\d+)\s*$/.exec(s);
    return !m || !(Number(m[1]) >= 1 && Number(m[1]) <= Number(m[2]) && Number(m[2]) <= 4096);
  });

/** Values that are not http(s) URLs, or plain http:// to a host that is not loopback. */
export const badBaseUrl: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1 }).filter((s) => {
    try {
      return !/^https?:$/.test(new URL(s).protocol);
    } catch {
      return true;
    }
  }),
  fc.constantFrom('ftp://agent.example.com', 'file:///etc/passwd', 'agent.example.com', 'https//x'),
  fc.domain().map((host) => `http://${host}`),
);

/** Anything but the given choices. */
export const noneOf = (choices: readonly string[]): fc.Arbitrary<string> =>
  fc.string().filter((s) => !choices.includes(s));

/** Record ids that are empty, blank, `.` or `..`. */
export const badId: fc.Arbitrary<string> = fc.oneof(blank, fc.constantFrom('.', '..'));
