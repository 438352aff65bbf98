import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A fenced shell block of a Markdown file. */
export interface ShellBlock {
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
}

const SKIP_MARK = /<!--\s*readme-test:\s*skip\b[^>]*-->\s*$/;

/**
 * The ```sh / ```bash / ```shell blocks of a Markdown text, in order. A block whose fence follows
 * a `<!-- readme-test: skip REASON -->` line (blank lines between allowed) is left out.
 */
export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash|shell)\s*$/.test(lines[i] as string)) continue;
    const end = lines.findIndex((text, j) => j > i && text.startsWith('```'));
    if (end < 0) throw new Error(`README line ${i + 1}: unclosed code block`);
    let previous = i - 1;
    while (previous >= 0 && (lines[previous] as string).trim() === '') previous--;
    if (!SKIP_MARK.test(lines[previous] ?? '')) {
      blocks.push({ line: i + 1, code: lines.slice(i + 1, end).join('\n') });
    }
    i = end;
  }
  return blocks;
}

/**
 * Builds one bash script from the blocks: stops at the first failing command and says which
 * README line it came from. A line whose command (comment stripped) is a key of `skipped` is
 * replaced by a no-op; `used` collects the skips that matched.
 */
export function scriptOf(
  blocks: readonly ShellBlock[],
  skipped: Readonly<Record<string, string>>,
  used: Set<string>,
): string {
  const out = ['set -eo pipefail', `trap 'echo "README command failed: line $README_LINE" >&2' ERR`];
  for (const block of blocks) {
    const lines = block.code.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const start = index;
      // A command continued with a trailing backslash stays one command.
      while ((lines[index] as string).endsWith('\\') && index + 1 < lines.length) index++;
      const text = lines.slice(start, index + 1).join('\n');
      const command = text.replace(/\s+#.*$/, '').trim();
      out.push(`README_LINE=${block.line + 1 + start}`);
      if (command in skipped) {
        used.add(command);
        out.push(`: skipped ${JSON.stringify(command)}`);
      } else out.push(text);
    }
  }
  return `${out.join('\n')}\n`;
}

/** Copies the files git would commit (tracked or new, not ignored) from `root` into `target`. */
export async function freshCopy(root: string, target: string): Promise<void> {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted in the working tree
    await mkdir(dirname(join(target, file)), { recursive: true });
    await copyFile(join(root, file), join(target, file));
  }
}

/** Runs a bash script in its own process group; kills the group (background jobs too) when done. */
export function runScript(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    let exitCode: number | null = null;
    child.on('error', reject);
    // A background job of the script keeps the pipes open: stop the group once bash has exited.
    child.on('exit', (code) => {
      exitCode = code;
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {
        // the group is already gone
      }
    });
    child.on('close', () => resolve({ code: exitCode, output }));
  });
}
