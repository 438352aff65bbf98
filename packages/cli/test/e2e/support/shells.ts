import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from './build.js';

/** Whether a program is installed. */
export function has(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

/** A directory holding an `agent-cli` that runs the built binary, to put first on PATH. */
export function binDir(root: string): string {
  const dir = join(root, 'bin');
  mkdirSync(dir, { recursive: true });
  const wrapper = join(dir, 'agent-cli');
  writeFileSync(wrapper, `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return dir;
}

let panes = 0;

/** A shell in a tmux pane (its own tmux server): type into it, press Tab, read the screen. */
export class Pane {
  readonly #socket: string;
  constructor(name: string) {
    panes += 1;
    this.#socket = `agent-cli-${name}-${process.pid}-${panes}`;
  }
  #tmux(args: string[], env: NodeJS.ProcessEnv = process.env): string {
    const result = spawnSync('tmux', ['-L', this.#socket, ...args], { encoding: 'utf8', env });
    if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
    return result.stdout;
  }
  /**
   * Starts `command` in a new session with `env`. tmux gives the session the PATH of the client
   * that starts it, not the one passed with `-e`, so the client is started with `env`'s PATH too.
   */
  start(command: string, cwd: string, env: Record<string, string>): void {
    const vars = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    const client = { ...process.env, ...(env['PATH'] === undefined ? {} : { PATH: env['PATH'] }) };
    this.#tmux(
      ['new-session', '-d', '-s', 'main', '-x', '200', '-y', '50', '-c', cwd, ...vars, command],
      client,
    );
  }
  type(text: string): void {
    this.#tmux(['send-keys', '-t', 'main', '-l', text]);
  }
  keys(...keys: string[]): void {
    this.#tmux(['send-keys', '-t', 'main', ...keys]);
  }
  screen(): string {
    return this.#tmux(['capture-pane', '-p', '-t', 'main']);
  }
  /** Waits until the screen matches (what a person would wait for), or fails showing it. */
  async waitFor(pattern: RegExp): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const shown = this.screen();
      if (pattern.test(shown)) return shown;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${pattern} never appeared; the screen shows:\n${this.screen()}`);
  }
  stop(): void {
    spawnSync('tmux', ['-L', this.#socket, 'kill-server']);
  }
}
