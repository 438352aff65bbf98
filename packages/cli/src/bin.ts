/** The package version, inlined by the bundler (tsup `define`). */
declare const __AGENT_CLI_VERSION__: string;

// The only file that touches `process`. `--version` is answered before anything else loads: this
// module imports nothing up front.
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
  // conf's atomic writer (when-exit) re-raises the first SIGINT at once: that echo is not a second.
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
  // A closed pipe (`agent-cli … | head`) is not an error of ours.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  const io = createIO({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
  const ctx = createContext({ io, env: process.env, signal: controller.signal, platform: process.platform });
  process.exitCode = await run(argv, ctx);
  process.off('SIGINT', onSigint);
}
