/**
 * Child of answer-retention.test.ts, run under `node --trace-gc-nvp`: 200 calls, each a task of its
 * own (as a real call is), that parse a body of about 1.3 MB and make of it what the SDK makes of an
 * answer: `answer` the value of `.withResponse()`, `error` a `ResponseValidationError`, `none`
 * nothing (the control). What each keeps alive shows in the young collections' survivors.
 */
import { answered } from '../../src/core/api-promise.js';
import { ResponseValidationError } from '../../src/core/errors.js';

const mode = process.argv[2];
const text = JSON.stringify(
  Array.from({ length: 1000 }, (_, i) => ({ id: `id-${i}`, name: `holder ${i}`.repeat(20), tags: { i } })),
);
const tick = () => new Promise((resolve) => setImmediate(resolve));

async function call(): Promise<unknown> {
  await tick();
  const body: unknown = JSON.parse(text);
  if (mode === 'answer') {
    // As the transport gives it: the answer whole, its body with it.
    return answered([], Object.assign({ status: 200, headers: new Headers(), secrets: [] }, { body }));
  }
  if (mode === 'error') {
    return new ResponseValidationError('bad', {
      method: 'GET',
      path: 'credentials',
      issues: [],
      body,
      status: 200,
    });
  }
  return body;
}

for (let i = 0; i < 200; i++) await call();
