/** The root options, valid before or after any command. */
export interface GlobalOptions {
  baseUrl?: string | undefined;
  org?: string | undefined;
  profile?: string | undefined;
  /** Timeout per attempt in ms, as given (checked in settings). */
  timeout?: string | undefined;
  json: boolean;
  verbose: boolean;
  color: boolean;
  insecure: boolean;
}

/** The defaults of the root options, before parsing. */
export const DEFAULT_GLOBALS: GlobalOptions = { json: false, verbose: false, color: true, insecure: false };
