/** The package version, inlined by the bundler (tsup `define`). */
declare const __AGENT_CLI_VERSION__: string;

// The only file that touches `process`. `--version` is answered before anything else loads: this
// module imports nothing up front.
// A closed pipe (`agent-cli … | head`) is not an error of ours; any other failure to write
// (a full disk, /dev/full) is one line on stderr and exit 1.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') return;
  try {
    process.stderr.write(`error: cannot write to stdout (${error.code ?? error.message})\n`);
  } finally {
    process.exit(1);
  }
});
process.stderr.on('error', () => process.exit(1));
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${__AGENT_CLI_VERSION__}\n`);
} else {
  const [{ run }, { createContext }, { createIO, openControllingTerminal }, { ExitCode }] = await Promise.all(
    [import('./main.js'), import('./context.js'), import('./io.js'), import('./exit-codes.js')],
  );
  const controller = new AbortController();
  // Ctrl-C (SIGINT) or SIGTERM cancels the running call: it unwinds, says what may have happened
  // (a POST may have been processed), and exits 130 or 143. A second signal ends at once. A
  // signal-exit handler (the config file's lock) may re-raise the first signal: not a second one.
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  // 128 + the signal's number, as a shell reports a process the signal ended.
  const exitCodeOf = (signal: NodeJS.Signals) =>
    signal === 'SIGTERM' ? ExitCode.Terminated : ExitCode.Cancelled;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!first) {
      first = { signal, at: Date.now() };
      controller.abort(new Error(`cancelled (${signal})`));
    } else if (Date.now() - first.at > 250) {
      process.exit(exitCodeOf(signal));
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const { stdin, stdout, stderr } = process;
  const io = createIO({ stdin, stdout, stderr, openTerminal: openControllingTerminal });
  const ctx = createContext({ io, env: process.env, signal: controller.signal, platform: process.platform });
  const code = await run(argv, ctx);
  process.exitCode = code === ExitCode.Cancelled && first ? exitCodeOf(first.signal) : code;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
}
