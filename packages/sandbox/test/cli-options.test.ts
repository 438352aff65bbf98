import { describe, expect, it } from 'vitest';
import { parseSandboxArgs } from '../src/cli-options.js';

describe('parseSandboxArgs', () => {
  it('reads port, host, faults, token lifetime and e-mail limit', () => {
    const command = parseSandboxArgs([
      '--port',
      '4010',
      '--host',
      '0.0.0.0',
      '--faults',
      'latency:ms=5',
      '--token-ttl',
      '60',
      '--email-limit',
      '2',
    ]);
    expect(command).toEqual({
      help: false,
      options: {
        port: 4010,
        host: '0.0.0.0',
        faults: [{ kind: 'latency', ms: 5 }],
        tokenTtlSeconds: 60,
        emailBatchLimit: 2,
      },
    });
  });

  it('reads the flavour and the wish for an agent key', () => {
    expect(parseSandboxArgs(['--flavor', 'platform', '--agent-key'])).toEqual({
      help: false,
      options: { flavor: 'platform', agentKey: true },
    });
    expect(() => parseSandboxArgs(['--flavor', 'real'])).toThrow('--flavor must be spec or platform');
    expect(parseSandboxArgs(['--agent-key', '--agent-line', '2.0'])).toEqual({
      help: false,
      options: { agentKey: true, agentLine: '2.0' },
    });
    expect(() => parseSandboxArgs(['--agent-line', '3'])).toThrow('--agent-line must be 2.0 or 2.1');
    // Without --agent-key the agent routes take the platform's bearer token: the line would be ignored.
    expect(() => parseSandboxArgs(['--flavor', 'platform', '--agent-line', '2.0'])).toThrow(
      '--agent-line needs --agent-key',
    );
  });

  it('asks for help with -h', () => {
    expect(parseSandboxArgs(['-h'])).toEqual({ help: true });
  });

  it('rejects unknown options and bad numbers', () => {
    expect(() => parseSandboxArgs(['--colour'])).toThrow(/colour/);
    expect(() => parseSandboxArgs(['--port', 'eighty'])).toThrow('--port must be a non-negative integer');
  });

  it('reads --url-file and --public-url (the base URL records link to), and refuses a non-http one', () => {
    const command = parseSandboxArgs([
      '--url-file',
      'sandbox.url',
      '--public-url',
      'http://192.168.1.20:4010',
    ]);
    expect(command).toEqual({
      help: false,
      options: { baseUrl: 'http://192.168.1.20:4010' },
      urlFile: 'sandbox.url',
    });
    expect(() => parseSandboxArgs(['--public-url', 'ftp://x'])).toThrow(
      '--public-url must be an http(s) URL',
    );
    expect(parseSandboxArgs(['-V'])).toEqual({ version: true });
    expect(parseSandboxArgs(['--url-file', 'f', '--url-file-format', 'url'])).toMatchObject({
      urlFile: 'f',
      urlFileFormat: 'url',
    });
    expect(() => parseSandboxArgs(['--url-file-format', 'text'])).toThrow(
      '--url-file-format must be json or url',
    );
  });
});
