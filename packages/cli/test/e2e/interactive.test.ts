import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { beforeEach, describe, expect, it } from 'vitest';
import { useE2E } from './support/bench.js';
import { BIN } from './support/build.js';

const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const e2e = useE2E();
// A tmux server per test: a server still shutting down after the previous test's kill-server
// refuses a new session on the same socket.
let tests = 0;
let socket = '';
beforeEach(() => {
  socket = `agent-cli-test-${process.pid}-${++tests}`;
});

function tmux(...args: string[]): string {
  const result = spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
  return result.stdout;
}

const screen = () => tmux('capture-pane', '-p', '-t', 'login');

/** Waits until the pane shows `text` (what a person would wait for before typing). */
async function waitFor(text: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const shown = screen();
    if (shown.includes(text)) return shown;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`"${text}" never appeared; the screen shows:\n${screen()}`);
}

function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

describe.skipIf(!hasTmux)(
  'interactive login in a terminal (tmux; skipped when tmux is not installed)',
  { timeout: 30_000 },
  () => {
    it('prompts for the e-mail and a password it does not echo (not even as *), then signs in', async () => {
      const env = e2e.env();
      const vars = ['AGENT_CLI_CONFIG_DIR', 'AGENT_CLI_BASE_URL', 'HOME']
        .map((k) => `${k}=${quote(env[k] ?? '')}`)
        .join(' ');
      const command = `env -u NO_COLOR ${vars} ${quote(process.execPath)} ${quote(BIN)} login; echo "exit=$?"; sleep 60`;
      tmux('new-session', '-d', '-s', 'login', '-x', '120', '-y', '30', command);
      try {
        await waitFor('E-mail');
        tmux('send-keys', '-t', 'login', '-l', DEMO_USER.email);
        tmux('send-keys', '-t', 'login', 'Enter');
        await waitFor('Password');
        tmux('send-keys', '-t', 'login', '-l', DEMO_USER.password);
        tmux('send-keys', '-t', 'login', 'Enter');
        const shown = await waitFor('exit=');
        expect(shown).toContain('exit=0');
        expect(shown).toContain('✓ Signed in as issuer@example.com');
        // Nothing per character, as gh and sudo: not even a '*', which would tell the length.
        const line = shown.split('\n').find((row) => row.includes('Password'));
        expect(line).toBeDefined();
        expect(line).not.toContain('*');
        expect(shown).not.toContain(DEMO_USER.password);
      } finally {
        spawnSync('tmux', ['-L', socket, 'kill-server']);
      }
    });

    it('prompts on the terminal when stdout is a pipe: login --email x | cat (item 15)', async () => {
      const env = e2e.env();
      const vars = ['AGENT_CLI_CONFIG_DIR', 'AGENT_CLI_BASE_URL', 'HOME']
        .map((k) => `${k}=${quote(env[k] ?? '')}`)
        .join(' ');
      const cli = `${quote(process.execPath)} ${quote(BIN)} login --email ${DEMO_USER.email}`;
      const command = `env ${vars} ${cli} | cat; echo "exit=\${PIPESTATUS[0]}"; sleep 60`;
      tmux('new-session', '-d', '-s', 'login', '-x', '120', '-y', '30', `bash -c ${quote(command)}`);
      try {
        await waitFor('Password');
        tmux('send-keys', '-t', 'login', '-l', DEMO_USER.password);
        tmux('send-keys', '-t', 'login', 'Enter');
        const shown = await waitFor('exit=');
        expect(shown).toContain('exit=0');
        expect(shown).not.toContain('--password-stdin');
      } finally {
        spawnSync('tmux', ['-L', socket, 'kill-server']);
      }
    });

    it('prompts on the terminal when stderr is a pipe too: login 2>&1 | tee log (attack F21)', async () => {
      const env = e2e.env();
      const vars = ['AGENT_CLI_CONFIG_DIR', 'AGENT_CLI_BASE_URL', 'HOME']
        .map((k) => `${k}=${quote(env[k] ?? '')}`)
        .join(' ');
      const log = join(e2e.configDir(), 'login.log');
      const cli = `${quote(process.execPath)} ${quote(BIN)} login`;
      const command = `env ${vars} ${cli} 2>&1 | tee ${quote(log)}; echo "exit=\${PIPESTATUS[0]}"; sleep 60`;
      tmux('new-session', '-d', '-s', 'login', '-x', '120', '-y', '30', `bash -c ${quote(command)}`);
      try {
        await waitFor('E-mail');
        tmux('send-keys', '-t', 'login', '-l', DEMO_USER.email);
        tmux('send-keys', '-t', 'login', 'Enter');
        await waitFor('Password');
        tmux('send-keys', '-t', 'login', '-l', DEMO_USER.password);
        tmux('send-keys', '-t', 'login', 'Enter');
        const shown = await waitFor('exit=');
        expect(shown).toContain('exit=0');
        expect(shown).not.toContain(DEMO_USER.password);
        // The prompts went to the terminal; the log holds what the command said, not the password.
        const written = readFileSync(log, 'utf8');
        expect(written).toContain('Signed in as issuer@example.com');
        expect(written).not.toContain(DEMO_USER.password);
      } finally {
        spawnSync('tmux', ['-L', socket, 'kill-server']);
      }
    });
  },
);
