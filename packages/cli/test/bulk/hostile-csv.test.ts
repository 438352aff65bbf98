import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningSandbox } from '@credential-agent/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, holderEmails, INDY_FLAGS, startBulk } from './bin.js';
import { holderLines, sandboxAgent, tempDir, writeCsv, writeJsonldTemplate } from './support.js';

/** Runs `offers email --csv <argv…>` through the shipped bin to its end. */
async function bulk(running: RunningSandbox, dir: string, argv: string[]) {
  const run = startBulk(running, join(dir, 'config'), argv);
  const code = await run.exit;
  return { code, stdout: run.stdout, stderr: run.stderr };
}

// Attack on issue 21, findings 6 and 7: a CSV that is not what it seems passed --dry-run.
describe('agent-cli offers email --csv: CSVs that are not plain UTF-8 text', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  for (const [name, encode] of [
    ['LE', (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['BE', (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le').swap16()],
  ] as const) {
    it(`refuses a UTF-16 ${name} CSV (with its byte order mark) naming the file and the encoding, exit 2`, async () => {
      const running = await sandboxAgent();
      const dir = await tempDir();
      const csv = join(dir, 'holders.csv');
      await writeFile(csv, encode(`email,name,degree\n${holderLines(3).join('\n')}\n`));
      for (const dry of [['--dry-run'], []]) {
        const result = await bulk(running, dir, [csv, ...INDY_FLAGS, ...dry]);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(`--csv ${csv} is UTF-16`);
        expect(result.stderr).toContain('UTF-8');
        expect(result.stderr).not.toContain('no e-mail column');
      }
      expect(running.sandbox.totalDeliveries()).toBe(0);
    });
  }

  it('refuses rows holding a NUL byte, a byte order mark or a bidirectional control, naming file and line; dry and real runs agree', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const rows = holderLines(6);
    rows[1] = 'holder2@example.com,Hol\u0000der 2,BSc';
    rows[2] = 'holder3@example.com,\ufeffHolder 3,BSc';
    rows[3] = 'holder4@example.com,Holder \u202e4,BSc';
    rows[4] = 'holder5@example.com,Holder 5,B\u2067Sc';
    const csv = await writeCsv(dir, rows);
    const dry = await bulk(running, dir, [csv, ...INDY_FLAGS, '--dry-run', '--json']);
    expect(dry.code).toBe(1);
    expect(JSON.parse(dry.stdout)).toMatchObject({ valid: 2, invalid: 4 });
    for (const [line, what] of [
      [3, 'U+0000'],
      [4, 'U+FEFF'],
      [5, 'U+202E'],
      [6, 'U+2067'],
    ] as const) {
      expect(dry.stderr).toMatch(
        new RegExp(
          `line ${line} \\(holder${line - 1}@example.com\\): invalid: .*${what.replace('+', '\\+')}.*${csv}`,
        ),
      );
    }
    const real = await bulk(running, dir, [csv, ...INDY_FLAGS, '--json']);
    expect(real.code).toBe(3);
    expect(JSON.parse(real.stdout)).toMatchObject({ sent: 2, invalid: 4 });
    expect(holderEmails(6).map((e) => running.sandbox.deliveries(e))).toEqual([1, 0, 0, 0, 0, 1]);
  });
});

// helper-81 F7: a byte that is not UTF-8 inside a quoted field of several lines was named by the
// line where the record ends, in a message of another shape than the other reading errors.
describe('agent-cli offers email --csv: a byte that is not UTF-8 in a field of several lines', {
  timeout: 60_000,
}, () => {
  beforeAll(ensureBuilt, 120_000);

  it.for([
    ['a data row', Buffer.from('email,name\na@x.com,"\xff bad\r\nl2\nl3"\n', 'latin1'), 'line 2, field 2'],
    ['the header', Buffer.from('"em\xffail\nx",name\na@x.com,A\n', 'latin1'), 'line 1, field 1'],
  ] as const)('names the line and field of the byte in %s', async ([, bytes, where]) => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = join(dir, 'in.csv');
    await writeFile(csv, bytes);
    const result = await bulk(running, dir, [csv, ...INDY_FLAGS, '--dry-run']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: cannot read --csv ${csv}: ${where}: not UTF-8 (an invalid byte, or the replacement character U+FFFD): save the file as UTF-8\n`,
    );
  });
});

// Stop 37 left it: `--csv` given the wrong file (an .env, a JSON file) quoted its first line as the
// columns, and a secret there reached stderr and the CI log.
describe('agent-cli offers email --csv: a file that is not the CSV meant', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  const ONE_COLUMN = 'the header is one column, not shown: is --csv the CSV meant?';
  it.for([
    ['an .env file', 'API_TOKEN=sk_live_abcdef123456\nDB_PASSWORD=hunter2\n', ONE_COLUMN, 'sk_live'],
    ['a YAML file', 'token: sk_live_abcdef123456\n', ONE_COLUMN, 'sk_live'],
    // helper-80 F2: a one-line secret file is one column whose name may be all secret.
    ['a key file', 'sk_live_51HqZ2bKx9QwErTyUiOpAsDf\n', ONE_COLUMN, 'sk_live'],
    ['an AWS secret key', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n', ONE_COLUMN, 'wJal'],
    ['a .netrc file', 'machine h login u password p4ss\n', ONE_COLUMN, 'p4ss'],
    ['a hex master key', '7f3c9a1b2e4d6f8a0c1e3b5d7f9a2c4e\n', ONE_COLUMN, '7f3c'],
    // helper-81: a trailing comma made it two columns, one of them empty.
    ['a key with a trailing comma', 'sk_live_51HxSECRETkey,\n', ONE_COLUMN, 'sk_live'],
    [
      'a header with a long name',
      `email address of the holder ${'x'.repeat(60)}sk_live_abcdef123456,name\n`,
      'columns: email address of the holder xxxx…, name',
      'sk_live',
    ],
  ] as const)(
    'names the columns of %s without what follows them, exit 2',
    async ([, text, shown, secret]) => {
      const running = await sandboxAgent();
      const dir = await tempDir();
      const csv = join(dir, 'in.csv');
      await writeFile(csv, text);
      for (const more of [[], ['--email-column', 'mail'], ['--attr-columns', 'x']]) {
        const result = await bulk(running, dir, [csv, ...INDY_FLAGS, '--dry-run', ...more]);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(`(${shown})`);
        expect(result.stderr).not.toContain(secret);
      }
    },
  );

  it('names the columns of a real CSV as they are', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = join(dir, 'in.csv');
    await writeFile(csv, 'mail,First Name,e-mail (work),Straße #2\nx@example.com,X,y,z\n');
    const result = await bulk(running, dir, [csv, ...INDY_FLAGS, '--dry-run']);
    expect(result.stderr).toBe(
      'error: no e-mail column: name it with --email-column (columns: mail, First Name, e-mail (work), Straße #2)\n',
    );
  });
});

// helper-79 (stop 39): csv-parse's own errors quoted the field they stopped in, and row messages and
// reports named a column by its raw header, so a secret in a wrong file still reached stderr, the
// report and the JUnit file; and the cut of stop 39 also cut real spreadsheet headers.
describe('agent-cli offers email --csv: the text of a CSV stays out of its messages', {
  timeout: 60_000,
}, () => {
  beforeAll(ensureBuilt, 120_000);

  it.for([
    ['a quote inside the header', 'API_TOKEN=sk_live_SECRET"quoted"\n', 'line 1, field 1'],
    ['a quote inside a field', 'email,name\nx@example.com,sk_live_SECRET"q"\n', 'line 2, field 2'],
    ['text after a closing quote', 'email,name\nx@example.com,"sk_live_SECRET"tail\n', 'line 2, field 2'],
    ['a quote never closed', 'email,name\nx@example.com,"sk_live_SECRET\n', 'line 2, field 2'],
    [
      'a quote after a CRLF inside a quoted field',
      'email,name\r\nw@example.com,"a\r\nb"\r\nx@example.com,"sk_live_SECRET"x\r\n',
      'line 4, field 2',
    ],
    // helper-80 F7: csv-parse's offset is the end of the record before when blank lines come between.
    ['a quote after blank lines', 'email,name\na@x.com,Bob\n\n\r\n\n"b@x.com"x,Bob\n', 'line 6, field 1'],
    ['a quote in a header after blank lines', '\n\n\nAPI_TOKEN=sk_live_abc"x"\n', 'line 4, field 1'],
    // helper-81 F6: a byte order mark before the blank lines.
    [
      'a quote in a header after a BOM and blank lines',
      '\ufeff\r\n\r\nem"ail,sk_live_x\n',
      'line 3, field 1',
    ],
    [
      'a quote 3,000 lines down',
      `email,name\n${holderLines(3000).join('\n')}\nx@example.com,"sk_live_SECRET\n`,
      'line 3002, field 2',
    ],
  ] as const)('says where %s is, not what it holds; nothing sent, exit 2', async ([, text, where]) => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = join(dir, 'in.csv');
    await writeFile(csv, text);
    for (const more of [['--dry-run'], []]) {
      const result = await bulk(running, dir, [csv, ...INDY_FLAGS, ...more]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^error: cannot read --csv \\S+in\\.csv: ${where}\\b.*\\n$`));
      expect(result.stderr).not.toContain('sk_live');
    }
    expect(running.sandbox.deliveries('x@example.com')).toBe(0);
  });

  it('names a column by its shown name in row messages, --report and --junit', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = join(dir, 'in.csv');
    await writeFile(
      csv,
      'email,API_TOKEN=sk_live_SECRET\nx@example.com\ny@example.com,a\u202eb\nz@example.com,ok\n',
    );
    const report = join(dir, 'r.json');
    const junit = join(dir, 'r.xml');
    const result = await bulk(running, dir, [csv, ...INDY_FLAGS, '--report', report, '--junit', junit]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('missing value for column 2 (API_TOKEN…)');
    expect(result.stderr).toContain('column 2 (API_TOKEN…) holds U+202E');
    const files = [
      result.stderr,
      result.stdout,
      await readFile(report, 'utf8'),
      await readFile(junit, 'utf8'),
    ];
    for (const text of files) expect(text).not.toContain('sk_live');
    expect(await readFile(report, 'utf8')).toContain('API_TOKEN…');
    expect(running.sandbox.deliveries('z@example.com')).toBe(1);
  });

  // helper-80 F1: a jsonld subject field's path holds the column's name, and a name holding `.` or
  // `[` was not found again among the columns, so the path was printed whole.
  it('names a jsonld subject column holding . or [ by its shown name too', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = join(dir, 'in.csv');
    await writeFile(csv, 'email,x.API_TOKEN=sk_live_SECRETAAA,k[0]token: sk_live_BBBB,Name\na@x.com,,,A\n');
    const template = await writeJsonldTemplate(dir);
    const report = join(dir, 'r.json');
    const junit = join(dir, 'r.xml');
    const result = await bulk(running, dir, [
      csv,
      '--file',
      template,
      '--dry-run',
      '--report',
      report,
      '--junit',
      junit,
    ]);
    expect(result.stderr).toContain('line 2 (a@x.com): invalid:');
    expect(result.stderr).toContain('column 2 (x.API_TOKEN…)');
    expect(result.stderr).toContain('column 3 (k[0]token…)');
    for (const text of [result.stderr, await readFile(report, 'utf8'), await readFile(junit, 'utf8')])
      expect(text).not.toContain('sk_live');
  });

  it('names two columns cut alike by their numbers', async () => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = join(dir, 'in.csv');
    await writeFile(csv, 'email,Q1: age,Q1: sex,Name\nx@example.com,,m,X\ny@example.com,30,,Y\n');
    const result = await bulk(running, dir, [csv, ...INDY_FLAGS, '--dry-run']);
    expect(result.stderr).toContain('line 2 (x@example.com): invalid: empty value for column 2 (Q1…)');
    expect(result.stderr).toContain('line 3 (y@example.com): invalid: empty value for column 3 (Q1…)');
  });

  it.for([
    [
      'mail',
      'Driver’s licence',
      'Price (€)',
      'Score %',
      'Name *',
      'Date (dd/mm/yyyy)',
      '“Nickname”',
      'No. [ref]',
      'Item № 2',
    ],
    // helper-80: headers of other languages and spreadsheets that were cut.
    [
      'mail',
      '¿Asiste?',
      '„Name“',
      '§ 3',
      '姓名（中文）',
      '電話・FAX',
      '氏名\u3000カナ',
      'Col·legi',
      'מס׳ זהות',
      'Score ≥ 50',
      '~approx',
      'Nom\u202fde famille',
      '👩\u200d💻 Role',
    ],
  ])(
    'shows real spreadsheet headers whole, and cuts a key-value line at its separator (%s…)',
    async (names) => {
      const running = await sandboxAgent();
      const dir = await tempDir();
      const csv = join(dir, 'in.csv');
      await writeFile(
        csv,
        `${names.join(',')},token: sk_live_SECRET\nx@example.com${',a'.repeat(names.length)}\n`,
      );
      const result = await bulk(running, dir, [csv, ...INDY_FLAGS, '--dry-run']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`(columns: ${names.join(', ')}, token…)`);
      expect(result.stderr).not.toContain('sk_live');
    },
  );
});

// helper-80: csv-parse takes the record delimiter from the first line end it meets. Rows appended
// with other line ends than the header's were read wrong: `A\r` sent as a value and lines counted
// double (LF header, CRLF rows), or two rows read as one, the second holder never e-mailed (CRLF
// header, LF rows).
describe('agent-cli offers email --csv: a CSV whose lines end in different ways', { timeout: 60_000 }, () => {
  beforeAll(ensureBuilt, 120_000);

  it.for([
    ['an LF header and CRLF rows', 'email,name\na@x.com,A\r\nb@x.com,B\r\nnotanemail,D\r\n'],
    ['a CRLF header and LF rows', 'email,name\r\na@x.com,A\nb@x.com,B\nnotanemail,D\n'],
    ['a CR header and mixed rows', 'email,name\ra@x.com,A\nb@x.com,B\r\nnotanemail,D\r'],
  ] as const)('reads %s row by row, as an editor numbers the lines', async ([, text]) => {
    const running = await sandboxAgent();
    const dir = await tempDir();
    const csv = join(dir, 'in.csv');
    await writeFile(csv, text);
    const report = join(dir, 'r.json');
    const result = await bulk(running, dir, [csv, ...INDY_FLAGS, '--report', report]);
    expect(result.stderr).toContain('line 4 (notanemail): invalid');
    const rows = JSON.parse(await readFile(report, 'utf8')).rows;
    const lines = rows.map((r: { line: number; email: string }) => [r.line, r.email]);
    expect(lines.sort((a: [number], b: [number]) => a[0] - b[0])).toEqual([
      [2, 'a@x.com'],
      [3, 'b@x.com'],
      [4, 'notanemail'],
    ]);
    expect([running.sandbox.deliveries('a@x.com'), running.sandbox.deliveries('b@x.com')]).toEqual([1, 1]);
    const values = [...running.sandbox.state.credentials.values()].flatMap((c) =>
      c.credentialAttributes.map((a) => a.value),
    );
    expect(values.sort()).toEqual(['A', 'B']);
  });
});
