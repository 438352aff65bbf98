import type { FieldIssue } from '@credential-agent/sdk';

/** What the user gave on this run: the flags typed (`--email`) and the `--file` read, if any. */
export interface GivenInput {
  flags: ReadonlySet<string>;
  file?: string | undefined;
}

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

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** zod's wording in plain words: `Invalid input: expected string, received number` → `must be a string (got a number)`. */
export function plainMessage(message: string): string {
  const typed = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (typed) return `must be ${article(typed[1] as string)} (got ${article(typed[2] as string)})`;
  return message.replace(/^Invalid input: /, '');
}

/**
 * One issue of a request the SDK refused, named as the user gave it: the flag they typed
 * (`--email (credentialOffer[0].emailId)`), else the field of the `--file` they gave.
 */
export function describeIssue(issue: FieldIssue, given: GivenInput): string {
  const message = plainMessage(issue.message);
  const flag = names(issue.path)
    .reverse()
    .map(flagOf)
    .find((f) => given.flags.has(f));
  if (flag)
    return issue.path === names(issue.path).join('.') && flagOf(issue.path) === flag
      ? `${flag}: ${message}`
      : `${flag} (${issue.path}): ${message}`;
  if (given.file !== undefined && issue.path) return `--file ${given.file}: "${issue.path}" ${message}`;
  return issue.path ? `${issue.path}: ${message}` : message;
}
