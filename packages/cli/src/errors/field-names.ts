import type { FieldIssue } from '@credential-agent/sdk';
import type { Command } from 'commander';
import { type KnownField, knownFields } from '../startup/known-options.js';

/** What the user gave on this run: the flags typed (`--email`), the command's arguments, the `--file` read. */
export interface GivenInput {
  flags: ReadonlySet<string>;
  /** Every long flag the command takes, typed or not. */
  options?: ReadonlySet<string>;
  /** The names of the command's positional arguments, as its usage shows them (`recordId`). */
  args?: ReadonlySet<string>;
  /** The body fields whose values have a known list, by the command's known-value flags. */
  known?: ReadonlyMap<string, KnownField>;
  file?: string | undefined;
}

/** What `cmd` (the command being run) was given: the long flags typed for it and its parents, its arguments, known-value fields and `--file`. */
export function givenOf(cmd: Command): GivenInput {
  const flags = new Set<string>();
  const options = new Set<string>();
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const option of c.options) {
      if (!option.long) continue;
      options.add(option.long);
      if (c.getOptionValueSource(option.attributeName()) === 'cli') flags.add(option.long);
    }
  }
  const file = cmd.options.some((o) => o.long === '--file') ? cmd.getOptionValue('file') : undefined;
  return {
    flags,
    options,
    args: new Set(cmd.registeredArguments.map((a) => a.name())),
    known: knownFields(cmd),
    ...(typeof file === 'string' ? { file } : {}),
  };
}

/** SDK parameters that a command takes as a positional argument: the parameter → the argument's name. */
const ARGUMENT_OF_FIELD: Record<string, string> = { credentialRecordId: 'recordId', outOfBandId: 'id' };

/** Body fields whose flag is not simply the field in kebab case. */
const FLAG_OF_FIELD: Record<string, string> = {
  emailId: '--email',
  credentialOffer: '--email',
  credentialDefinitionId: '--cred-def-id',
  attributes: '--attr',
  isShortenUrl: '--shorten-url',
};

function flagOf(field: string): string {
  return FLAG_OF_FIELD[field] ?? `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The names in a path: `credentialOffer[0].emailId` → `credentialOffer`, `emailId`. */
function names(path: string): string[] {
  return path.split(/[.[\]]+/).filter((s) => s !== '' && !/^\d+$/.test(s));
}

const article = (word: string) =>
  word === 'array' ? 'a list' : /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;

/** One issue of an answer the SDK refused, in plain words: `the body is missing (a list was expected)`. */
export function plainAnswerIssue(issue: FieldIssue): string {
  const where = issue.path === '(body)' ? 'the body' : `"${issue.path}"`;
  if (issue.code === 'invalid_type' && issue.received === 'undefined' && issue.expected) {
    return `${where} is missing (${article(issue.expected)} was expected)`;
  }
  return `${where} ${plainMessage(issue)}`;
}

/**
 * An issue in plain words, from its code: a wrong type is `must be a string (got a number)`, a
 * value not allowed `must be one of a, b`; others keep the SDK's message.
 */
export function plainMessage(issue: FieldIssue): string {
  const { code, expected, received } = issue;
  if (code === 'invalid_type' && expected && received) {
    return `must be ${article(expected)} (got ${article(received)})`;
  }
  if (code === 'invalid_value' && expected) {
    const values = expected.split('|');
    return values.length === 1 ? `must be ${expected}` : `must be one of ${values.join(', ')}`;
  }
  return issue.message;
}

/**
 * One issue of a request the SDK refused, named as the user gave it: the argument as the usage
 * shows it (`<recordId>`), the flag they typed (`--email (credentialOffer[0].emailId)`), else the
 * field of the `--file` they gave.
 */
export function describeIssue(issue: FieldIssue, given: GivenInput): string {
  const message = plainMessage(issue);
  const argument = ARGUMENT_OF_FIELD[issue.path];
  if (argument !== undefined && given.args?.has(argument)) return `<${argument}>: ${message}`;
  // The innermost field with a flag of this command says where the value came from: that flag
  // when typed; when not, the --file or nothing (`--email` gave `credentialOffer[0]`, not its
  // `attributes`, which `--attr` gives).
  const flag = names(issue.path)
    .reverse()
    .map(flagOf)
    .find((f) => given.flags.has(f) || given.options?.has(f));
  if (flag && !given.flags.has(flag) && given.file !== undefined && issue.path) {
    return `--file ${given.file}: "${issue.path}" ${message}`;
  }
  if (flag)
    return issue.path === names(issue.path).join('.') && flagOf(issue.path) === flag
      ? `${flag}: ${message}`
      : `${flag} (${issue.path}): ${message}`;
  if (given.file !== undefined && issue.path) return `--file ${given.file}: "${issue.path}" ${message}`;
  return issue.path ? `${issue.path}: ${message}` : message;
}
