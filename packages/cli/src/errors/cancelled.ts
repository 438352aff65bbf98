/**
 * The user cancelled (Ctrl-C, SIGTERM) before anything was sent: exit 130, reported as
 * `cancelled`. The SDK's `AbortError` is for a request that was under way.
 */
export class Cancelled extends Error {
  override name = 'Cancelled';
}

/**
 * The terminal a command was reading (a prompt, `--file -`) hung up: its window or ssh session
 * closed. What was typed is not taken as the input (a hang-up ends a terminal's input as Ctrl-D
 * does). Exit 129, as the SIGHUP that comes with it, reported as `cancelled`.
 */
export class TerminalClosed extends Cancelled {
  override name = 'TerminalClosed';
}
