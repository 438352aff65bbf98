/**
 * Valid command lines of every command, and the ways the property tests spoil them. Each valid
 * line passes every check of the CLI and the SDK, so it reaches the service.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_USER } from '@credential-agent/sandbox';
import { CRED_DEF_ID, fixture } from '../support/fixtures.js';

const UUID = '9b2f4c1e-0d6a-4a8e-b1c2-3d4e5f607182';
const DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';

/** A valid command line. */
export interface ValidLine {
  /** The command and flags; a function when they need files in the test's temporary directory. */
  argv: readonly string[] | ((dir: string) => string[]);
  /** The positional argument, passed after `--`. */
  arg?: string;
  anonymous?: boolean;
  stdin?: string;
}

/** `offers email --csv` with a one-row CSV and its journal in `dir`. */
function csvLine(dir: string): string[] {
  const csv = join(dir, 'holders.csv');
  writeFileSync(csv, 'email,name\nalice@example.com,Alice\n');
  const journal = join(dir, 'holders.journal.jsonl');
  return ['offers', 'email', `--csv=${csv}`, `--journal=${journal}`, `--file=${fixture('email-offer.json')}`];
}

export const LINES = {
  login: {
    argv: ['login', '--email=issuer@example.com', '--password-stdin'],
    anonymous: true,
    stdin: DEMO_USER.password,
  },
  'offers create': {
    argv: ['offers', 'create', `--file=${fixture('offer.json')}`, '--credential-type=jsonld'].concat(
      `--cred-def-id=${CRED_DEF_ID}`,
    ),
  },
  'offers email': {
    argv: ['offers', 'email', `--file=${fixture('email-offer.json')}`, '--email=holder@example.com'],
  },
  'offers email --csv': { argv: csvLine },
  'credentials list': { argv: ['credentials', 'list', '--state=offer-sent'] },
  'credentials negotiate': { argv: ['credentials', 'negotiate', `--connection-id=${UUID}`], arg: UUID },
  'oob get': { argv: ['oob', 'get'], arg: 'some-record' },
  'oob accept': { argv: ['oob', 'accept'], arg: 'some-record' },
  'proofs request': {
    argv: [
      'proofs',
      'request',
      `--file=${fixture('proof.json')}`,
      '--request-type=presentationExchange',
    ].concat(`--connection-id=${UUID}`),
  },
  'dids write': { argv: ['dids', 'write', '--method=key', '--key-type=ed25519'] },
  'schemas create': {
    argv: ['schemas', 'create', `--issuer-id=${DID}`, '--name=Employee', '--version=1.0.0', '--attr=name'],
  },
} satisfies Record<string, ValidLine>;

/** A command of {@link LINES}. */
export type CommandName = keyof typeof LINES;

/** Builds the command line of one generated value; `dir` is the test's own temporary directory. */
export type Build = (line: ValidLine, value: string, dir: string) => string[];

const flagsOf = (line: ValidLine, dir: string): string[] =>
  typeof line.argv === 'function' ? line.argv(dir) : [...line.argv];
const tail = (line: ValidLine) => (line.arg === undefined ? [] : ['--', line.arg]);

/** The valid line as it is run. */
export const argvOf = (line: ValidLine, dir: string): string[] => [...flagsOf(line, dir), ...tail(line)];

/** The valid line with `name=value` added (a repeated flag overrides the earlier one). */
export const flag =
  (name: string): Build =>
  (line, value, dir) => [...flagsOf(line, dir), `${name}=${value}`, ...tail(line)];

/** The valid line with this positional argument instead. */
export const arg: Build = (line, value, dir) => [...flagsOf(line, dir), '--', value];

/** The valid line with `--file` holding the value. */
export const fileHolding: Build = (line, value, dir) => {
  const path = join(dir, 'body.json');
  writeFileSync(path, value);
  return flag('--file')(line, path, dir);
};

/** The valid line with `name` pointing into a directory that does not exist. */
export const missing =
  (name: string): Build =>
  (line, value, dir) =>
    flag(name)(line, join(dir, 'no-such-dir', value), dir);
