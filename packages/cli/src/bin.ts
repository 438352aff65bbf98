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
  const [{ run }, { createContext }, { createIO }] = await Promise.all([
    import('./main.js'),
    import('./context.js'),
    import('./io.js'),
  ]);
  const controller = new AbortController();
  // First Ctrl-C cancels the running call (exit 130 once it unwinds); a second one ends at once.
  // A signal-exit handler (the config file's lock) may re-raise the first SIGINT: not a second one.
  let firstSigint = 0;
  const onSigint = () => {
    if (!controller.signal.aborted) {
      firstSigint = Date.now();
      controller.abort(new Error('cancelled (SIGINT)'));
    } else if (Date.now() - firstSigint > 250) {
      process.exit(130);
    }
  };
  process.on('SIGINT', onSigint);
  const io = createIO({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
  const ctx = createContext({ io, env: process.env, signal: controller.signal, platform: process.platform });
  process.exitCode = await run(argv, ctx);
  process.off('SIGINT', onSigint);
}
