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
