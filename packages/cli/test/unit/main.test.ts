import { DEMO_USER } from '@credential-agent/sandbox';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { useSandbox } from '../support/sandbox.js';

const bench = useSandbox();

describe('agent-cli (root)', () => {
  it('prints help with every group and the exit codes on stdout', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const name of [
      'login',
      'logout',
      'whoami',
      'oob',
      'offers',
      'credentials',
      'proofs',
      'dids',
      'schemas',
      'config',
      'completion',
    ]) {
      expect(result.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    }
    expect(result.stdout).toContain('-V, --version');
    // Wrapped at 80 columns between words (the help width).
    expect(result.stdout).toContain(
      'Exit codes: 0 ok, 1 failure, 2 usage, 3 partial success, 4 login needed, 5\naction needed, 129 hung up (SIGHUP), 130 cancelled (Ctrl-C), 143 terminated\n(SIGTERM).',
    );
  });

  it('is a usage error (exit 2) for an unknown command', async () => {
    const result = await runCli(['frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: unknown command 'frobnicate'\n");
  });

  it('is a usage error for an unknown option, naming it', async () => {
    const result = await runCli(['credentials', 'list', '--colour']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown option '--colour'");
  });

  it('shows the group help on stderr with exit 2 when the verb is missing', async () => {
    const result = await runCli(['credentials']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Usage: agent-cli credentials [options] [command]');
  });

  it('prints the HTTP exchange with --verbose, with the Authorization header redacted', async () => {
    const token = bench.sandbox.issueToken();
    const result = await bench.runAnonymous(['credentials', 'list', '--verbose'], {
      env: { AGENT_CLI_TOKEN: token },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('> GET http://localhost:4010/credentials');
    expect(result.stderr).toContain('> authorization: [REDACTED]');
    expect(result.stderr).toMatch(/^< 200 GET http:\/\/localhost:4010\/credentials \(\d+ ms\)$/m);
    expect(result.stderr).not.toContain(token);
  });

  it('keeps the password and the new token out of verbose login output', async () => {
    const result = await bench.runAnonymous(
      ['login', '--email', DEMO_USER.email, '--password-stdin', '--verbose'],
      {
        stdin: DEMO_USER.password,
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('"password":"[REDACTED]"');
    expect(result.stderr).toContain('"access_token":"[REDACTED]"');
    const [token] = [...bench.sandbox.state.tokens.keys()];
    expect(result.stdout + result.stderr).not.toContain(DEMO_USER.password);
    expect(result.stdout + result.stderr).not.toContain(token);
  });

  it('colours tables on a terminal, but not with NO_COLOR or --no-color', async () => {
    const bold = '\u001b[1m';
    await bench.runAnonymous(['config', 'set', 'org', 'o']);
    const tty = await bench.run(['config', 'list'], { tty: true });
    const noColor = await bench.run(['config', 'list'], { tty: true, env: { NO_COLOR: '1' } });
    const flag = await bench.run(['config', 'list', '--no-color'], { tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toContain(bold);
    expect(noColor.stdout).not.toContain(bold);
    expect(flag.stdout).not.toContain(bold);
  });

  it('never colours in a pipe', async () => {
    await bench.runAnonymous(['config', 'set', 'org', 'o']);
    const result = await bench.run(['config', 'list']);
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('exits 130 with "cancelled" when the run is aborted during a call', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await bench.run(['credentials', 'list'], { signal: controller.signal });
    expect(result.code).toBe(130);
    expect(result.stderr).toBe('cancelled\n');
  });
});
