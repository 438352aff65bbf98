import { DEMO_USER } from '@credential-agent/sandbox';
import type { RunOptions } from './run-cli.js';
import type { Bench } from './sandbox.js';

/** Logs the demo user in through the CLI (token kept in the profile of the test's config dir). */
export async function loginDemo(bench: Bench, argv: string[] = [], options: RunOptions = {}): Promise<void> {
  const result = await bench.runAnonymous(
    ['login', '--email', DEMO_USER.email, '--password-stdin', ...argv],
    {
      ...options,
      stdin: DEMO_USER.password,
    },
  );
  if (result.code !== 0) throw new Error(`login failed: ${result.stderr}`);
}
