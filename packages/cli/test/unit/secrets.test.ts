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

// helper-79: the URL forms were kept with upper-case hex only, and a path typed with lower-case hex
// (`p%c3%a4:sswd`, as many tools write it) or a query with `+` for a space was printed.
describe('Secrets.scrub of a URL written by hand', () => {
  it('hides the path and query forms in lower-case hex and with + for a space', () => {
    const secrets = new Secrets();
    secrets.add('pä:sswd word');
    for (const text of [
      '/x/p%c3%a4:sswd%20word',
      '/x/p%C3%A4:sswd%20word',
      '?q=p%c3%a4:sswd+word',
      '?q=p%C3%A4:sswd+word',
    ])
      expect(secrets.scrub(text)).toBe(text.replace(/[^/=]+$/, REDACTED));
  });
});

describe('Secrets.scrub of a secret percent-encoded by hand', () => {
  it('hides it whichever of its characters are encoded, in either case (property)', () => {
    const encode = (c: string, how: number) => {
      if (how === 0) return c;
      const hex = [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      return how === 1 ? hex : hex.toUpperCase();
    };
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom(...'aZ9:@=+,;$!*()[]|^`"\'~é€😀-_/'), fc.integer({ min: 0, max: 2 })),
          {
            minLength: 6,
            maxLength: 16,
          },
        ),
        (chars) => {
          const secret = chars.map(([c]) => c).join('');
          const secrets = new Secrets();
          secrets.add(secret);
          const typed = chars.map(([c, how]) => encode(c, how)).join('');
          expect(secrets.scrub(`GET /x/${typed}?y`)).toBe(`GET /x/${REDACTED}?y`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// helper-80: what the percent-encoding pattern of the last change missed or broke.
describe('Secrets.scrub: long, overlapping and otherwise echoed secrets', () => {
  it('scrubs a secret of 64 KiB in text holding % and + without failing (a pattern of it overflowed)', () => {
    const secret = Array.from(
      { length: 65_536 },
      (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7919) % 26],
    ).join('');
    const secrets = new Secrets();
    secrets.add(secret);
    expect(secrets.scrub(`a%20b+c ${secret} /x/${secret}?q=${secret}`)).toBe(
      `a%20b+c ${REDACTED} /x/${REDACTED}?q=${REDACTED}`,
    );
  });

  it('scrubs the longer of two secrets that start alike whole, whichever was added first', () => {
    for (const order of [
      ['tok_live_1234', 'tok_live_1234-Pa55 word-Tail'],
      ['tok_live_1234-Pa55 word-Tail', 'tok_live_1234'],
    ]) {
      const secrets = new Secrets();
      for (const s of order) secrets.add(s);
      expect(secrets.scrub('a tok_live_1234-Pa55 word-Tail b')).toBe(`a ${REDACTED} b`);
      expect(secrets.scrub('/x/tok_live_1234-Pa55%20word-Tail')).toBe(`/x/${REDACTED}`);
    }
  });

  it('scrubs a secret holding a backslash as a URL path writes it (a slash)', () => {
    const secrets = new Secrets();
    secrets.add('tok\\abc123XYZ');
    expect(secrets.scrub(new URL('http://h/x/tok\\abc123XYZ/y').href)).toBe(`http://h/x/${REDACTED}/y`);
  });

  it('scrubs a secret HTML-escaped the ways Python, Go and PHP escape it', () => {
    const secrets = new Secrets();
    secrets.add('Tr0ub4dor&3\'x"y<z>');
    for (const escaped of [
      'Tr0ub4dor&amp;3&#x27;x&quot;y&lt;z&gt;',
      'Tr0ub4dor&amp;3&#39;x&#34;y&lt;z&gt;',
      'Tr0ub4dor&#38;3&#039;x&#x22;y&#60;z&#x3E;',
    ])
      expect(secrets.scrub(`<p>${escaped}</p>`)).toBe(`<p>${REDACTED}</p>`);
  });

  it("scrubs a secret's UTF-8 bytes read as Latin-1 (how fetch reads a response header)", () => {
    const secret = 'pä\'ss"wö<rd>🔑';
    const secrets = new Secrets();
    secrets.add(secret);
    expect(secrets.scrub(`x-echo: ${Buffer.from(secret, 'utf8').toString('latin1')}`)).toBe(
      `x-echo: ${REDACTED}`,
    );
  });

  it('scrubs a secret of digits echoed as a JSON number', () => {
    const secrets = new Secrets();
    secrets.add('86753091234');
    expect(secrets.scrubData({ n: 86753091234, m: 12, s: 'a 86753091234' })).toEqual({
      n: REDACTED,
      m: 12,
      s: `a ${REDACTED}`,
    });
  });
});

// helper-81: entities and escapes of other encoders, and digits past a double's precision.
describe('Secrets.scrub: what other encoders write', () => {
  it.each([
    ['Underscore', "tok/en+Ab=cd&e'f`g", 'tok/en+Ab=cd&amp;e&#x27;f&#x60;g'],
    ['.NET HtmlEncode', 'pässwörd€ x<y>', 'p&#228;ssw&#246;rd&#8364; x&lt;y&gt;'],
    ['OWASP ESAPI', "tok/en+Ab=cd&e'f`g", 'tok&#x2f;en&#x2b;Ab&#x3d;cd&#x26;e&#x27;f&#x60;g'],
    ['PHP and Java JSON', "tok/en+Ab=cd&e'f`g", "tok\\/en+Ab=cd&e'f`g"],
    ["Python's ensure_ascii", 'pässwörd€ x<y>', 'p\\u00e4ssw\\u00f6rd\\u20ac x<y>'],
    ["Go's HTML-safe JSON", "tok/en+Ab=cd&e'f`g", 'tok/en+Ab=cd\\u0026e\\u0027f`g'],
    ['an astral character escaped as a pair', 'key🔑word', 'key\\ud83d\\udd11word'],
  ])('hides a secret as %s writes it', (_, secret, written) => {
    const secrets = new Secrets();
    secrets.add(secret);
    expect(secrets.scrub(`{"m":"${written}"}`)).toBe(`{"m":"${REDACTED}"}`);
  });

  it('hides a secret of digits echoed as a JSON number that a double rounds', () => {
    const secrets = new Secrets();
    secrets.add('98765432109876543210');
    secrets.add('123456789012345678901234');
    const echoed = JSON.parse('{"a":98765432109876543210,"b":123456789012345678901234,"c":98765}');
    expect(secrets.scrubData(echoed)).toEqual({ a: REDACTED, b: REDACTED, c: 98765 });
  });
});

// helper-82 F3: the pattern's time grows with the text; a text over 256 KiB gets the fixed forms.
describe('Secrets.scrub of a long text', () => {
  it("still hides the secret's raw, URL path, lower-case and Latin-1 forms past 256 KiB", () => {
    const secret = 'pä:ss wörd|x';
    const secrets = new Secrets();
    secrets.add(secret);
    const url = new URL('http://h/');
    url.pathname = `/${secret}`;
    const forms = [
      secret,
      url.pathname.slice(1),
      url.pathname.slice(1).toLowerCase(),
      Buffer.from(secret).toString('latin1'),
    ];
    const text = `${'a'.repeat(300 * 1024)} ${forms.join(' ')}`;
    expect(secrets.scrub(text)).toBe(`${'a'.repeat(300 * 1024)} ${forms.map(() => REDACTED).join(' ')}`);
  });
});

// helper-83: two secrets that overlap in the text, and Latin-1's named entities.
describe('Secrets.scrub: overlapping secrets and named entities', () => {
  it('replaces two secrets that overlap as one', () => {
    const secrets = new Secrets();
    secrets.add('abcd1234');
    secrets.add('1234wxyz');
    expect(secrets.scrub('echo abcd1234wxyz and abcd1234%77xyz')).toBe(`echo ${REDACTED} and ${REDACTED}`);
  });

  it("hides a secret as PHP's htmlentities writes it (&uuml;)", () => {
    const secrets = new Secrets();
    secrets.add('hünter2xpäss€');
    expect(secrets.scrub('password h&uuml;nter2xp&auml;ss&euro;!')).toBe(`password ${REDACTED}!`);
  });
});
