// The program's entry (dist/bin.cjs), loaded by the launcher (src/launcher.ts), which has already
// answered --version and plain --help. The only module
// of the program that touches `process`; it imports nothing up front, so `help` loads little. No
// top-level await: the build turns the program into CommonJS (build/program.ts).
async function main(): Promise<void> {
  const [
    { run },
    { createIO, handleWriteErrors, openControllingTerminal, releaseHungUpTerminals, stdinIsTerminal },
    { ExitCode },
    { installLightFetch },
  ] = await Promise.all([
    import('./main.js'),
    import('./terminal/io.js'),
    import('./errors/exit-codes.js'),
    import('./http/light-fetch.js'),
  ]);
  // How failing output ends the run (a full stdout: exit 1, unless a command holds it; a failing
  // stderr: never), set before anything is written.
  const writeFailures = handleWriteErrors(process);
  // A terminal that hangs up (its window or ssh session closed) must not make Node abort at exit.
  process.once('exit', releaseHungUpTerminals());
  // Before anything loads the SDK: ky's `Request` and the answers' `Response` without loading Node's
  // fetch (light-fetch.ts), which would cost about as much as Node's start-up.
  installLightFetch(globalThis);

  const controller = new AbortController();
  // A command that accounts for its work when stopped (a bulk run) holds the second signal: it
  // cancels what is in flight instead of ending the process; a third one ends it.
  const urgent = new AbortController();
  let held = false;
  // Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal or the ssh session closed) cancels the
  // running call: it unwinds, says what may have happened (a POST may have been processed), and
  // exits 130, 143 or 129. A second signal ends at once. A signal-exit handler (the config file's
  // lock) may re-raise the first signal: not a second one.
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  // 128 + the signal's number, as a shell reports a process the signal ended.
  const exitCodeOf = (signal: NodeJS.Signals) =>
    signal === 'SIGTERM' ? ExitCode.Terminated : signal === 'SIGHUP' ? ExitCode.HungUp : ExitCode.Cancelled;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!first) {
      first = { signal, at: Date.now() };
      controller.abort(new Error(`cancelled (${signal})`));
    } else if (Date.now() - first.at > 250) {
      if (held && !urgent.signal.aborted) urgent.abort(new Error(`cancelled again (${signal})`));
      else process.exit(exitCodeOf(signal));
    }
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, onSignal);
  const { stdout, stderr } = process;
  // stdin's stream is made when a command reads it, not before (see StdStreams.stdinIsTTY).
  const io = createIO({
    get stdin() {
      return process.stdin;
    },
    stdinIsTTY: stdinIsTerminal(),
    stdout,
    stderr,
    openTerminal: openControllingTerminal,
    writeFailures,
  });
  const holdSecondSignal = () => {
    held = true;
    return urgent.signal;
  };
  const init = {
    io,
    env: process.env,
    signal: controller.signal,
    platform: process.platform,
    holdSecondSignal,
  };
  const code = await run(process.argv.slice(2), init);
  process.exitCode = code === ExitCode.Cancelled && first ? exitCodeOf(first.signal) : code;
  // The run is over, but the process may still be writing to a slow stderr: a signal now ends it
  // with the run's exit code, not the signal's (a bulk run that sent its rows is not "cancelled").
  // (`ended` first: removing a signal's last listener gives it back its default action, death.)
  const ended = () => process.exit();
  for (const signal of signals) {
    process.on(signal, ended);
    process.off(signal, onSignal);
  }
  // A run stopped by a signal or a hang-up may get more of them (tmux sends SIGHUP, the kernel
  // another as the session's leader ends): one arriving after the event loop drained, as Node tears
  // down and puts back each signal's default action, would end the process by the signal. Such a
  // run ends itself, with its code, once what it wrote is out (a slow stderr holds its last lines:
  // how to continue); a signal meanwhile ends it as above.
  if (first !== undefined || code === ExitCode.HungUp) {
    const unwritten = [stdout, stderr].filter((stream) => stream.writableLength > 0);
    await Promise.all(unwritten.map((stream) => new Promise((done) => stream.write('', done))));
    process.exit();
  }
}

void main();
