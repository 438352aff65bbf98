import { printable } from '../terminal/printable.js';
import { firstIssue, PROFILE_NAME, PROFILE_NAME_RULE, type Profile, ProfileSchema } from './schema.js';

/** The profiles of a config file, each checked on its own. */
export interface CheckedProfiles {
  /** The valid profiles, by name. */
  good: Record<string, Profile>;
  /** The broken ones: name → where and what (`profiles.evil.agentKey: must be a string, …`). */
  broken: Record<string, string>;
}

/** Checks each profile of the file on its own: one broken profile leaves the others usable. */
export function checkProfiles(raw: Readonly<Record<string, unknown>>): CheckedProfiles {
  const good: Record<string, Profile> = Object.create(null);
  const broken: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(raw)) {
    if (!PROFILE_NAME.test(name)) {
      broken[name] = `profiles: "${printable(name)}" is not a profile name (${PROFILE_NAME_RULE})`;
      continue;
    }
    const parsed = ProfileSchema.safeParse(value);
    if (parsed.success) good[name] = parsed.data;
    else broken[name] = firstIssue(parsed.error, ['profiles', name]);
  }
  return { good, broken };
}

/** The fields of a stored profile that are valid on their own (what repair commands may use). */
export function salvage(value: unknown): Profile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const shape: Record<string, { safeParse(v: unknown): { success: boolean } } | undefined> =
    ProfileSchema.shape;
  const kept = Object.entries(value).filter(([key, v]) => shape[key]?.safeParse(v).success ?? true);
  return Object.fromEntries(kept) as Profile;
}

/** What to say about broken profile `name`, found in `path`: the field, and how to repair it. */
export function brokenProfileMessage(path: string, name: string, problem: string): string {
  const repair = problem.startsWith(`profiles.${name}.token`)
    ? `agent-cli logout --profile ${name}`
    : `agent-cli config unset <key> --profile ${name}`;
  return `the config file ${path} is broken at ${problem}: edit the file, or run: ${repair} (or agent-cli config delete ${name})`;
}
