import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { AGENT_LINE_VALUES, TENANT_ID, TENANT_ID_RULE } from './agent-settings.js';

// `zod/mini` sets no messages, and a broken file's message is built from zod's English ones (the
// SDK, which some commands do not load, chooses them too).
if (!z.config().localeError) z.config(en());

/** Profile names are also file keys and shell words: one rule everywhere (flag, variable, file). */
export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** What the rule says, for messages. */
export const PROFILE_NAME_RULE = 'letters, digits, ".", "_" and "-", starting with a letter or digit';

/**
 * `scheme:` + slashes + `user:password@`, read as a WHATWG parser reads it: leading blanks and
 * control characters skipped, tabs and newlines anywhere ignored, any number of `/` or `\\` after
 * the scheme (`http:\\u:p@h`, `http:/u:p@h` and `http:u:p@h` all carry a password).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: what the URL parser skips is the point.
const USERINFO = /^([\u0000-\u0020]*[a-z][a-z0-9+.-]*:[/\\]*)[^/\\?#]*@/i;
const ignoredByParser = (value: string) => value.replace(/[\t\n\r]/g, '');

/** Whether a URL carries `user:password@`: on its parsed form, and on its text when it does not parse. */
export function hasUserinfo(value: string): boolean {
  if (USERINFO.test(ignoredByParser(value))) return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.username !== '' || url.password !== '';
}

/** A URL as it may be shown: any `user:password@` replaced, even when the URL does not parse. */
export function maskUserinfo(value: string): string {
  if (!hasUserinfo(value)) return value;
  const text = ignoredByParser(value);
  return USERINFO.test(text) ? text.replace(USERINFO, '$1***@') : '***';
}

/**
 * The first character of a token that cannot go in an HTTP header value (a control character, a
 * space, or anything outside visible ASCII and Latin-1: `fetch` refuses those), if any.
 */
export function headerUnsafeChar(value: string): string | undefined {
  return /[^\u0021-\u007e\u00a0-\u00ff]/u.exec(value)?.[0];
}

/** A value sent in an HTTP header: not empty, no control character, space or character outside Latin-1. */
const HeaderValue = z
  .string()
  .check(z.minLength(1))
  .check(
    z.refine(
      (v) => headerUnsafeChar(v) === undefined,
      'has a control character, a space or a character outside Latin-1 (it cannot go in an HTTP header)',
    ),
  );

/** A stored token, as the SDK's token store hands it over, and the base URL that issued it. */
const TokenSchema = z.looseObject({
  accessToken: HeaderValue,
  tokenType: HeaderValue,
  scope: z.optional(z.string()),
  expiresAt: z.optional(z.number()),
  /** When the token was issued (epoch ms): with expiresAt, its lifetime. */
  issuedAt: z.optional(z.number()),
  /** The base URL the token was issued by; it is sent to that one only. */
  issuedBy: z.optional(z.string()),
});

/**
 * The agent's token (credo-controller 2.1, from `POST /agent/token`), the agent URL that issued it
 * (`issuedBy`) and the tenant it is for: it is sent to that agent URL, for that tenant, only.
 */
const AgentTokenSchema = z.extend(TokenSchema, { tenantId: z.optional(z.string()) });

/** A base URL as stored: never with `user:password@`. */
const UrlField = z
  .string()
  .check(z.refine((v) => !hasUserinfo(v), 'a base URL must not contain a user name or password'));

/**
 * The fields of a profile. A secret is bound to the endpoint it was stored for, kept beside it
 * (`token.issuedBy`, `agentKeyFor`, `agentToken.issuedBy` and `.tenantId`), and sent there only
 * (see `token-owner.ts` and the token stores of `config-file.ts`). Add a setting here (and to `commands/config/keys.ts` when users set it
 * with `config set`): unknown fields written by other versions are kept as they are.
 */
export const ProfileSchema = z.looseObject({
  baseUrl: z.optional(UrlField),
  org: z.optional(z.string()),
  email: z.optional(z.string()),
  /** A separate agent controller (split deployment) and its API key, a secret never printed. */
  agentUrl: z.optional(UrlField),
  agentKey: z.optional(HeaderValue),
  /** The agent URL the key was stored with; it is sent to that one only. */
  agentKeyFor: z.optional(z.string()),
  /** The agent controller's line (`auto`: found out on the first call) and a tenant of a shared agent. */
  agentLine: z.optional(z.enum(AGENT_LINE_VALUES)),
  tenantId: z.optional(z.string().check(z.regex(TENANT_ID, `a tenant id is ${TENANT_ID_RULE}`))),
  /** The platform's key for encrypting the sign-in password; kept out of output like a secret. */
  passwordKey: z.optional(z.string()),
  /** As `--insecure`: plain `http://` to a host that is not loopback is allowed. */
  insecure: z.optional(z.boolean()),
  token: z.optional(TokenSchema),
  /** The agent's token (line 2.1), a secret never printed, bound to its agent URL and tenant. */
  agentToken: z.optional(AgentTokenSchema),
});

/** A profile's stored token. */
export type ProfileToken = z.infer<typeof TokenSchema>;

/** What a profile holds. The token is a secret: it is never printed. */
export type Profile = z.infer<typeof ProfileSchema>;

const ProfileName = z.string().check(z.regex(PROFILE_NAME, `a profile name has ${PROFILE_NAME_RULE}`));

/**
 * The whole config file, its profiles unchecked: each is checked on its own (see
 * `config-profiles.ts`), so that one broken profile blocks neither the others nor its repair.
 */
export const ConfigFileSchema = z.looseObject({
  currentProfile: z.optional(ProfileName),
  profiles: z._default(z.record(z.string(), z.unknown()), {}),
});

/** The config file's contents, the file's shape checked (each profile as found). */
export type ConfigData = z.infer<typeof ConfigFileSchema>;

/** The kinds of value zod names, in plain words. */
const KIND: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  null: 'null',
};
const kind = (name: string) => KIND[name] ?? name;

/** One problem in plain words: `must be a number, not a string`, `missing`, `must not be empty`. */
function plainIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const received = /received (\w+)/.exec(issue.message)?.[1];
    if (received === undefined || received === 'undefined') return 'missing';
    return `must be ${kind(issue.expected)}, not ${kind(received)}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
    return 'must not be empty';
  return issue.message;
}

/**
 * The first problem of a broken file, by field: `profiles.default.token.expiresAt: must be a number,
 * not a string`; `the top level: …` when the file itself has the wrong shape.
 */
export function firstIssue(error: z.core.$ZodError, at: readonly PropertyKey[] = []): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = [...at, ...issue.path].map(String).join('.');
  return `${path || 'the top level'}: ${plainIssue(issue)}`;
}
