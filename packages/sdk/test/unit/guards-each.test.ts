import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as sdk from '../../src/index.js';

// The CommonJS build is another copy of every class: `instanceof` fails across the two.
const cjs = createRequire(import.meta.url)('../../dist/index.cjs') as typeof sdk;

type ErrorClass = (new (...args: never[]) => Error) & { is(value: unknown): boolean };

/** Every exported error class, by name. */
function errorClasses(module: Record<string, unknown>): [string, ErrorClass][] {
  return Object.entries(module).filter(
    (entry): entry is [string, ErrorClass] =>
      typeof entry[1] === 'function' && /Error$/.test(entry[0]) && entry[1].prototype instanceof Error,
  );
}

const INIT = {
  status: 500,
  body: undefined,
  method: 'GET',
  path: 'x',
  issues: [],
  sent: true,
  timeout: 1,
  limit: 1,
  location: undefined,
  state: 'failed',
  result: undefined,
  reason: 'rejected',
};

/** One instance of `Class`, whatever its constructor takes. */
function instance(Class: ErrorClass): Error {
  const make = Class as unknown as new (message: string, init: unknown, more?: unknown) => Error;
  return Class.name === 'RequestValidationError' ? new make('bad', []) : new make('bad', INIT);
}

const CLASSES = errorClasses(sdk);
const byName = (module: unknown, name: string) => (module as Record<string, ErrorClass>)[name] as ErrorClass;

describe('Class.is(e) is true exactly when e is that class or a subclass (attack M3)', () => {
  it('covers every exported error class', () => {
    expect(CLASSES.map(([name]) => name)).toEqual(expect.arrayContaining(['TimeoutError', 'NotFoundError']));
    expect(CLASSES.length).toBeGreaterThanOrEqual(19);
  });

  describe.each(CLASSES)('an error of %s', (name) => {
    it.each([
      ['this copy', sdk],
      ['the CJS build', cjs],
    ])('built by %s', (_copy, module) => {
      const error = instance(byName(module, name));
      // What the answer must be: the subclass relation among this copy's classes.
      const mine = instance(byName(sdk, name));
      for (const [other, Class] of CLASSES) {
        expect(Class.is(error), `${other}.is(new ${name})`).toBe(mine instanceof Class);
      }
    });
  });

  it('a look-alike with the right name is no SDK error', () => {
    const lookalike = Object.assign(new Error('x'), { name: 'TimeoutError' });
    expect(sdk.TimeoutError.is(lookalike)).toBe(false);
    expect(sdk.TimeoutError.is(undefined)).toBe(false);
  });
});
