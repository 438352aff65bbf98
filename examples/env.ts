/**
 * The environment variables an example needs, or undefined after printing one line that names
 * the first missing one (exit code 2, no stack trace).
 * @example
 * const env = requireEnv('quickstart', { AGENT_BASE_URL: 'the base URL of the service' });
 * if (env) run(env.AGENT_BASE_URL);
 */
export function requireEnv<K extends string>(
  program: string,
  variables: Readonly<Record<K, string>>,
): Record<K, string> | undefined {
  const values = {} as Record<K, string>;
  for (const name of Object.keys(variables) as K[]) {
    const value = process.env[name];
    if (!value) {
      console.error(`${program}: ${name} is not set (${variables[name]})`);
      process.exitCode = 2;
      return undefined;
    }
    values[name] = value;
  }
  return values;
}

/** Where an example signs in: the values its functions take. */
export interface SignIn {
  baseUrl: string;
  orgId: string;
  email: string;
  password: string;
}

/**
 * The sign-in of every example, from `AGENT_BASE_URL`, `AGENT_ORG`, `AGENT_EMAIL` and
 * `AGENT_PASSWORD`; undefined (after one line naming the missing variable) when one is unset.
 */
export function signInFromEnv(program: string): SignIn | undefined {
  const env = requireEnv(program, {
    AGENT_BASE_URL: 'the base URL of the service or the sandbox',
    AGENT_ORG: 'the organisation that issues',
    AGENT_EMAIL: 'the e-mail address to sign in with',
    AGENT_PASSWORD: 'its password',
  });
  return (
    env && {
      baseUrl: env.AGENT_BASE_URL,
      orgId: env.AGENT_ORG,
      email: env.AGENT_EMAIL,
      password: env.AGENT_PASSWORD,
    }
  );
}
