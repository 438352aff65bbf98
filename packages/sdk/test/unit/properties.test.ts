import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/index.js';
import { rejectionOf, signedInClient } from '../support/client.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { type MethodSpec, methods } from '../support/methods.js';
import {
  kindOf,
  notAnEmail,
  notAnObject,
  notAUuid,
  notAVersion,
  unknownKey,
  wrongValue,
} from '../support/mutations.js';
import * as params from '../support/params.js';
import { responses } from '../support/responses.js';

const RUNS = { numRuns: 100 };
type Params = Record<string, unknown>;

/** Calls `spec` with `input` and checks it failed with a RequestValidationError without sending. */
async function expectRefused(spec: MethodSpec, input: unknown): Promise<RequestValidationError> {
  const { fetch, requests } = fakeFetch(json({}));
  const error = await rejectionOf(() => spec.call(signedInClient({ fetch }).client, input));
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(requests).toHaveLength(0);
  return error as RequestValidationError;
}

/** True when an issue's path is `field`, is inside it, or holds it as a segment (`filters.state`). */
const names = (error: RequestValidationError, field: string) =>
  error.issues.some(
    (i) =>
      i.path === field ||
      i.path.startsWith(`${field}.`) ||
      i.path.startsWith(`${field}[`) ||
      i.path.split(/[.[\]]/).includes(field),
  );

describe.each(methods)('$name refuses invalid input without sending anything', (spec) => {
  const fields = Object.keys(spec.full);
  const required = Object.keys(spec.minimal);

  it('when a field holds a value of the wrong type, naming the field', async () => {
    const field = fc
      .constantFrom(...fields)
      .chain((f) => wrongValue(spec.kinds?.[f] ?? [kindOf(spec.full[f])]).map((v) => [f, v] as const));
    await fc.assert(
      fc.asyncProperty(field, async ([f, value]) => {
        expect(names(await expectRefused(spec, { ...spec.full, [f]: value }), f)).toBe(true);
      }),
      RUNS,
    );
  });

  // oob.acceptInvitation and credentials.list have no required field.
  if (required.length > 0) {
    it('when a required field is missing, naming the field', async () => {
      await fc.assert(
        fc.asyncProperty(fc.subarray(required, { minLength: 1 }), async (missing) => {
          const input: Params = { ...spec.full };
          for (const f of missing) delete input[f];
          const error = await expectRefused(spec, input);
          expect(missing.some((f) => names(error, f))).toBe(true);
        }),
        RUNS,
      );
    });
  }

  it('when an unknown field is added, naming it', async () => {
    await fc.assert(
      fc.asyncProperty(unknownKey(fields), fc.jsonValue(), async (key, value) => {
        const error = await expectRefused(spec, { ...spec.full, [key]: value });
        expect(error.issues.some((i) => i.path === key || i.path.endsWith(`.${key}`))).toBe(true);
      }),
      RUNS,
    );
  });

  it('when the params are not an object at all', async () => {
    await fc.assert(
      fc.asyncProperty(notAnObject, async (input) => {
        await expectRefused(spec, input);
      }),
      RUNS,
    );
  });
});

describe('format checks refuse bad values without sending anything', () => {
  const byName = (name: string) => methods.find((m) => m.name === name) as MethodSpec;
  const cases: Array<[string, string, fc.Arbitrary<string>, (s: string) => Params, string]> = [
    ['auth.signIn', 'e-mail', notAnEmail, (email) => ({ ...params.signIn.full, email }), 'email'],
    [
      'org(id).offers.sendByEmail',
      'holder e-mail',
      notAnEmail,
      (emailId) => ({
        ...params.offerEmail.minimal,
        credentialOffer: [{ emailId, attributes: [{ name: 'n', value: 'v' }] }],
      }),
      'credentialOffer[0].emailId',
    ],
    [
      'credentials.negotiateOffer',
      'record UUID',
      notAUuid,
      (id) => ({ ...params.negotiateOffer.full, credentialRecordId: id }),
      'credentialRecordId',
    ],
    [
      'credentials.negotiateOffer',
      'connection UUID',
      notAUuid,
      (id) => ({ ...params.negotiateOffer.full, connectionId: id }),
      'connectionId',
    ],
    [
      'schemas.create',
      'version',
      notAVersion,
      (version) => ({ ...params.schemaCreate.full, version }),
      'version',
    ],
  ];

  it.each(cases)('%s refuses a bad %s', async (name, _what, values, build, field) => {
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        expect(names(await expectRefused(byName(name), build(value)), field)).toBe(true);
      }),
      RUNS,
    );
  });

  it('oob.get refuses ids that are empty, blank, "." or ".." or not strings', async () => {
    const ids = fc.oneof(
      fc.constantFrom('', '.', '..'),
      fc.stringMatching(/^\s+$/),
      notAnObject.filter((v) => typeof v !== 'string'),
    );
    const spec: MethodSpec = {
      name: 'oob.get',
      minimal: {},
      full: {},
      call: (c, id) => c.oob.get(id as string),
    };
    await fc.assert(
      fc.asyncProperty(ids, async (id) => {
        expect(names(await expectRefused(spec, id), 'outOfBandId')).toBe(true);
      }),
      RUNS,
    );
  });
});

describe.each(responses)('$name parses generated answers', (spec) => {
  it('keeping unknown fields and unknown enum values', async () => {
    const extras = fc.dictionary(unknownKey(spec.known), fc.jsonValue(), { maxKeys: 4 });
    const value = fc.string({ minLength: 1 }).filter((v) => !spec.enums.includes(v));
    await fc.assert(
      fc.asyncProperty(extras, value, async (extra, enumValue) => {
        const { body, returns } = spec.answer(extra, enumValue);
        const { fetch } = fakeFetch(json(body));
        const result = await spec.call(signedInClient({ fetch }).client);
        expect((spec.view ?? ((r) => r))(result)).toEqual(JSON.parse(JSON.stringify(returns)));
      }),
      RUNS,
    );
  });
});
