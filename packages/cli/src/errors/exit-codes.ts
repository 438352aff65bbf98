/**
 * The exit codes of `agent-cli`, defined once. Documented in the README; scripts may rely on them.
 */
export const ExitCode = {
  /** Everything worked. */
  Ok: 0,
  /** The call failed (server error, network, not found, …). */
  Failure: 1,
  /** The command line was wrong: unknown option, missing or invalid value. Nothing was sent. */
  Usage: 2,
  /** Some items of a bulk operation failed, others succeeded. */
  PartialSuccess: 3,
  /** No valid token: missing, expired or rejected (401). Run `agent-cli login`. */
  AuthRequired: 4,
  /**
   * The service took the request but it is not done: it needs an action (`schemas create --endorse`:
   * an endorser must sign the schema request printed on stdout) or is still running. The data
   * printed says which.
   */
  ActionNeeded: 5,
  /** Cancelled by the user (Ctrl-C / SIGINT). */
  Cancelled: 130,
  /** Ended by SIGTERM (a CI job cancelled, `kill`); handled like Ctrl-C. */
  Terminated: 143,
  /** Ended by SIGHUP (the terminal or the ssh session closed); handled like Ctrl-C. */
  HungUp: 129,
} as const;

/** One of the values of {@link ExitCode}. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
