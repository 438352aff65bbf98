import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Secrets } from '../../src/config/secrets.js';

const REDACTED = '[REDACTED]';

// helper-78: a URL's path and query encode fewer characters than encodeURIComponent (`my pass:word`
// is `my%20pass:word` in a path), and --verbose and the line of a failing stdout printed it.
describe('Secrets.scrub of a URL', () => {
  it('hides my pass:word, ab cd:ef and kéy:12345 in a path', () => {
    for (const secret of ['my pass:word', 'ab cd:ef', 'kéy:12345']) {
      const secrets = new Secrets();
      secrets.add(secret);
      expect(secrets.scrub(`POST ${new URL(`http://h/users/${secret}`).href}`)).toBe(
        `POST http://h/users/${REDACTED}`,
      );
    }
  });

  it('hides any secret in the path and the query as new URL writes them (property)', () => {
    fc.assert(
      fc.property(
        // Characters each encoding treats differently (`/ \\ ? # % . &` change the URL's shape).
        fc
          .array(fc.constantFrom(...'aZ9 :@=+,;$!*()[]{}|^`"\'<>~é€😀-_'), { minLength: 6, maxLength: 20 })
          .map((chars) => chars.join(''))
          .filter((s) => s.trim().length >= 6),
        (secret) => {
          const secrets = new Secrets();
          secrets.add(secret);
          const url = new URL('http://h/');
          url.pathname = `/x/${secret}`;
          url.search = `?q=${secret}`;
          expect(secrets.scrub(url.href)).toBe(`http://h/x/${REDACTED}?q=${REDACTED}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
