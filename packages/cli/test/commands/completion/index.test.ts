import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';

describe('agent-cli completion', () => {
  it('prints a bash script that completes groups, verbs and their options', async () => {
    const result = await runCli(['completion', 'bash']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('complete -F _agent_cli agent-cli');
    expect(result.stdout).toMatch(
      /"credentials list"\) opts="--state --role --thread-id --connection-id --parent-thread-id --help --base-url/,
    );
    expect(result.stdout).toMatch(
      /""\) opts="login logout whoami api oob offers credentials proofs dids schemas config completion --base-url /,
    );
  });

  it('prints bash that bash itself accepts', async () => {
    const { stdout } = await runCli(['completion', 'bash']);
    const check = spawnSync('bash', ['-n'], { input: stdout });
    expect(check.status).toBe(0);
  });

  it('prints a zsh script through bashcompinit', async () => {
    const result = await runCli(['completion', 'zsh']);
    expect(result.stdout).toContain('autoload -U +X bashcompinit && bashcompinit');
    expect(result.stdout).toContain('complete -F _agent_cli agent-cli');
  });

  it('prints a fish script with the verbs of each group', async () => {
    const result = await runCli(['completion', 'fish']);
    expect(result.stdout).toContain(
      "complete -c agent-cli -n '__fish_seen_subcommand_from credentials; and not __fish_seen_subcommand_from list negotiate' -a negotiate",
    );
    expect(result.stdout).toContain(
      "complete -c agent-cli -n '__fish_seen_subcommand_from dids; and __fish_seen_subcommand_from write' -l key-type",
    );
  });

  it('is a usage error for an unknown shell', async () => {
    const result = await runCli(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: unknown command 'powershell'");
  });
});
