import { expect } from 'vitest';
import type { BinRun, E2E } from './bench.js';

/** One step of a story: runs the built binary, expects success, parses its `--json` output. */
export type Step = <T>(args: string[], stdin?: string) => Promise<T>;

/** A {@link Step} runner on the bench, with the environment every step of the story gets. */
export function storySteps(e2e: E2E, env: () => Record<string, string | undefined>): Step {
  return async <T>(args: string[], stdin?: string): Promise<T> => {
    const result: BinRun = await e2e.run(args, { ...(stdin === undefined ? {} : { stdin }), env: env() });
    expect(result.stderr.startsWith('error'), `agent-cli ${args.join(' ')}: ${result.stderr}`).toBe(false);
    expect(result.code).toBe(0);
    return (result.stdout ? JSON.parse(result.stdout) : undefined) as T;
  };
}
