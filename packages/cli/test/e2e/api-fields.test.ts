import { describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { useRecorder } from './support/recorder.js';

const e2e = useE2E();
const server = useRecorder();
const api = (fields: string[]) =>
  e2e.run(['api', 'POST', '/anything', '--base-url', server.url(), ...fields], {
    env: { AGENT_CLI_TOKEN: 'a-token-value' },
  });

describe('agent-cli api -F with numbers JSON cannot carry exactly', { timeout: 60_000 }, () => {
  const lossy: [string, string][] = [
    [
      'n=12345678901234567890',
      'error: -F n: the number 12345678901234567890 would be sent as 12345678901234567000; use -f n=… to send it as a string',
    ],
    ['n=1e999', 'error: -F n: the number 1e999 would be sent as null; use -f n=… to send it as a string'],
    [
      'n=9007199254740993',
      'error: -F n: the number 9007199254740993 would be sent as 9007199254740992; use -f n=… to send it as a string',
    ],
    [
      'list=[1,1e999]',
      'error: -F list: the number 1e999 would be sent as null; use -f list=… to send it as a string',
    ],
  ];
  it.each(lossy)('-F %s is a usage error naming the field; nothing sent', async (field, line) => {
    const before = server.received.length;
    const result = await api(['-F', field]);
    expect(result).toEqual({ stdout: '', stderr: `${line}\n`, code: 2 });
    expect(server.received.length).toBe(before);
  });

  it('sends numbers JSON carries exactly as numbers, and -f big numbers as strings', async () => {
    const result = await api([
      ...[
        '-F',
        'a=9007199254740991',
        '-F',
        'b=0.1',
        '-F',
        'c=-2.5e-3',
        '-F',
        'd=1e21',
        '-F',
        'e={"x":[1,2.50]}',
      ],
      ...['-F', 's="1e999"', '-f', 'big=12345678901234567890'],
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(server.received.at(-1)?.body ?? '')).toEqual({
      a: 9007199254740991,
      b: 0.1,
      c: -0.0025,
      d: 1e21,
      e: { x: [1, 2.5] },
      s: '1e999',
      big: '12345678901234567890',
    });
  });
});

describe('agent-cli api query fields named like Object members', { timeout: 60_000 }, () => {
  it('GET -f __proto__=1 -f k=v sends both in the query', async () => {
    const result = await e2e.run(
      ['api', 'GET', '/anything', '--base-url', server.url(), '-f', '__proto__=1', '-f', 'k=v'],
      { env: { AGENT_CLI_TOKEN: 'a-token-value' } },
    );
    expect(result.code).toBe(0);
    expect(server.received.at(-1)?.url).toBe('/anything?__proto__=1&k=v');
  });
});
