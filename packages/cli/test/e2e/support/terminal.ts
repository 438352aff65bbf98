import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { QRCode } from 'jsqr';

// jsqr is CommonJS whose types declare a default export; require gives the function itself.
const jsQR = createRequire(import.meta.url)('jsqr') as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => QRCode | null;

/** Whether tmux is installed (the tests that need a real terminal are skipped without it). */
export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

/** A shell command with its words quoted for sh. */
export function shellLine(words: readonly string[]): string {
  return words.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
}

/**
 * Runs one command in a detached tmux window of the given size (a real TTY, UTF-8) and returns
 * the screen once the command has finished. `capture` adds `capture-pane` flags: `-J` joins
 * lines the terminal wrapped (so a too-long line shows as one), `-e` keeps colour escapes.
 */
export async function runInTerminal(
  words: readonly string[],
  env: NodeJS.ProcessEnv,
  size: { columns: number; rows: number; capture?: readonly string[] },
): Promise<string> {
  const server = `agent-cli-qr-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const tmux = (...args: string[]) => spawnSync('tmux', ['-u', '-L', server, ...args], { encoding: 'utf8' });
  const vars = Object.entries(env).map(([k, v]) => `${k}=${v ?? ''}`);
  const command = `env -i ${shellLine(vars)} ${shellLine(words)}; echo "exit=$?"; sleep 60`;
  const started = tmux('new-session', '-d', '-x', String(size.columns), '-y', String(size.rows), command);
  if (started.status !== 0) throw new Error(`tmux failed: ${started.stderr}`);
  try {
    for (let i = 0; i < 600; i++) {
      const screen = tmux('capture-pane', '-p', ...(size.capture ?? [])).stdout;
      if (/exit=\d+/.test(screen)) return screen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the command never finished; the screen shows:\n${tmux('capture-pane', '-p').stdout}`);
  } finally {
    tmux('kill-server');
  }
}

const HALF_BLOCKS: Readonly<Record<string, [boolean, boolean]>> = {
  // [top is light, bottom is light]: light modules are drawn, dark ones are the background.
  '█': [true, true],
  '▀': [true, false],
  '▄': [false, true],
  ' ': [false, false],
};

/** The lines of a half-block QR code on a screen (light border on both sides). */
export function qrLines(screen: string): string[] {
  return screen.split('\n').filter((line) => /^[█▀▄ ]{21,}$/.test(line.trimEnd()) && line.includes('█'));
}

/**
 * Reads a half-block QR code back the way a camera would: each module becomes a 4×4 pixel square
 * of a grey image, on the terminal's dark background, and jsQR decodes it. Undefined when unreadable.
 */
export function decodeQr(lines: readonly string[]): string | undefined {
  const modules = lines.flatMap((line) => {
    const cells = [...line.trimEnd()].map((c) => HALF_BLOCKS[c] ?? [false, false]);
    return [cells.map((cell) => cell[0]), cells.map((cell) => cell[1])];
  });
  const scale = 4;
  const margin = 8;
  const width = Math.max(...modules.map((row) => row.length)) * scale + 2 * margin;
  const height = modules.length * scale + 2 * margin;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const row = modules[Math.floor((y - margin) / scale)];
      const light = y >= margin && x >= margin && row?.[Math.floor((x - margin) / scale)] === true;
      pixels.set(light ? [255, 255, 255, 255] : [0, 0, 0, 255], (y * width + x) * 4);
    }
  }
  return jsQR(pixels, width, height)?.data;
}
