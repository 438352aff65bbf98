import type { AgentLine } from '@credential-agent/sdk';
import { UsageError } from '../errors/usage-error.js';
import type { GlobalOptions } from '../startup/root-options.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The values of the `agent-line` setting: a line, or `auto` (found out on the first call). */
export const AGENT_LINE_VALUES = ['2.0', '2.1', 'auto'] as const;

/** A value of the `agent-line` setting. */
export type AgentLineSetting = (typeof AGENT_LINE_VALUES)[number];

/** A tenant id goes into a path: no space, slash or control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused.
export const TENANT_ID = /^[^\u0000-\u0020\u007f/]+$/;

/** What the tenant rule says, for messages. */
export const TENANT_ID_RULE = 'an id without spaces, slashes or control characters';

/** The agent line and tenant of a run, and how the user gave each (for messages). */
export interface AgentSettings {
  /** Undefined: `auto` (the SDK finds the line out). */
  agentLine: AgentLine | undefined;
  /** `--agent-line`, `AGENT_CLI_AGENT_LINE` or `agent-line of profile "p"`; undefined when not given. */
  agentLineName: string | undefined;
  tenantId: string | undefined;
  /** `--tenant-id`, `AGENT_CLI_TENANT_ID` or `tenant-id of profile "p"`. */
  tenantIdName: string | undefined;
}

/** Whether `value` is a value of the `agent-line` setting. */
export function isAgentLineSetting(value: string): value is AgentLineSetting {
  return (AGENT_LINE_VALUES as readonly string[]).includes(value);
}

/** What a bad `agent-line` value is told: `… must be 2.0, 2.1 or auto, got "x"`. */
export function agentLineRule(value: string): string {
  return `must be 2.0, 2.1 or auto, got "${value}"`;
}

/** The first given of flag > variable > profile, with the name it was given by. */
function first(
  given: [name: string, value: string | undefined][],
): { name: string; value: string } | undefined {
  for (const [name, value] of given) if (value !== undefined) return { name, value };
  return undefined;
}

/**
 * Refuses a tenant or line that cannot apply: either without a separate agent controller (they
 * would be ignored), or a tenant on line 2.0 (it has none). @throws {@link UsageError} naming them.
 */
export function checkAgentSettings(settings: AgentSettings, agentUrl: string | undefined): void {
  const { agentLine, agentLineName, tenantId, tenantIdName } = settings;
  const given = tenantIdName ?? agentLineName;
  if (agentUrl === undefined && given !== undefined) {
    throw new UsageError(
      `${given} is for a separate agent controller: set agent-url and agent-key too (AGENT_CLI_AGENT_URL, AGENT_CLI_AGENT_KEY)`,
    );
  }
  if (tenantId !== undefined && agentLine === '2.0') {
    throw new UsageError(`${tenantIdName} needs an agent of line 2.1, and ${agentLineName} is 2.0`);
  }
}

/**
 * The agent line and tenant: `--agent-line`/`--tenant-id` > `AGENT_CLI_AGENT_LINE`/`AGENT_CLI_TENANT_ID`
 * > the profile's `agent-line`/`tenant-id`. @throws {@link UsageError} naming where a bad value came from.
 */
export function agentSettingsOf(
  globals: GlobalOptions,
  env: Env,
  name: string,
  profile: { agentLine?: string | undefined; tenantId?: string | undefined },
): AgentSettings {
  const line = first([
    ['--agent-line', globals.agentLine],
    ['AGENT_CLI_AGENT_LINE', env['AGENT_CLI_AGENT_LINE']],
    [`agent-line of profile "${name}"`, profile.agentLine],
  ]);
  if (line && !isAgentLineSetting(line.value))
    throw new UsageError(`${line.name} ${agentLineRule(line.value)}`);
  const tenant = first([
    ['--tenant-id', globals.tenantId],
    ['AGENT_CLI_TENANT_ID', env['AGENT_CLI_TENANT_ID']],
    [`tenant-id of profile "${name}"`, profile.tenantId],
  ]);
  if (tenant && !TENANT_ID.test(tenant.value)) {
    throw new UsageError(`${tenant.name} must be ${TENANT_ID_RULE}, got "${tenant.value}"`);
  }
  const agentLine = line?.value === 'auto' ? undefined : (line?.value as AgentLine | undefined);
  return {
    agentLine,
    agentLineName: agentLine === undefined ? undefined : line?.name,
    tenantId: tenant?.value,
    tenantIdName: tenant?.name,
  };
}
