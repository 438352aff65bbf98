/** A wrong command line: a missing or invalid value. Exit code 2; nothing was sent. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** What to do about it, printed as a `hint:` line. */
  readonly hint: string | undefined;
  constructor(message: string, hint?: string) {
    super(message);
    this.hint = hint;
  }
}

/** The usage error of a value given empty (`--email ""`, `AGENT_CLI_EMAIL=`), which would otherwise fall back. */
export function emptyError(name: string): UsageError {
  return new UsageError(`${name} is empty: give a value or leave it out`);
}
