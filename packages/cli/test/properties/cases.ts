/** The generated invalid inputs: per command, the flag or argument spoiled and the values tried. */
import type fc from 'fast-check';
import {
  badAttr,
  badAttrWithControls,
  badBaseUrl,
  badId,
  blank,
  fileName,
  noneOf,
  notAJsonObject,
  notAnEmail,
  notAPositiveInt,
  notAShard,
  notAUuid,
  notAVersion,
} from './arbitraries.js';
import { arg, type Build, type CommandName, fileHolding, flag, missing } from './lines.js';

/** One generated invalid input: where it goes, what is generated, what the error line must name. */
export interface Case {
  command: CommandName;
  what: string;
  values: fc.Arbitrary<string>;
  build: Build;
  /** The error line names at least one of these (the flag, or the field it sets). */
  names: readonly string[];
}

/** Blank values of required or filtering flags: [command, flag, field it sets]. */
const BLANKS: [CommandName, string, string][] = [
  ['offers create', '--cred-def-id', 'credentialDefinitionId'],
  ['offers create', '--credential-type', 'credentialType'],
  ['offers email', '--cred-def-id', 'credentialDefinitionId'],
  ['offers email', '--credential-type', 'credentialType'],
  ['credentials list', '--connection-id', 'connectionId'],
  ['credentials list', '--thread-id', 'threadId'],
  ['credentials list', '--state', 'state'],
  ['credentials list', '--role', 'role'],
  ['proofs request', '--connection-id', 'connectionId'],
  ['proofs request', '--request-type', 'requestType'],
  ['dids write', '--method', 'method'],
  ['dids write', '--key-type', 'keyType'],
  ['schemas create', '--issuer-id', 'issuerId'],
  ['schemas create', '--name', 'name'],
  ['schemas create', '--attr', 'attributes'],
];

const FILE_COMMANDS: CommandName[] = [
  'offers create',
  'offers email',
  'credentials negotiate',
  'oob accept',
  'proofs request',
  'dids write',
  'schemas create',
];

const blankCases = BLANKS.map(
  ([command, name, field]): Case => ({
    command,
    what: `blank ${name}`,
    values: blank,
    build: flag(name),
    names: [name, `${field}:`, `${field}[`],
  }),
);

const fileCases = FILE_COMMANDS.flatMap((command): Case[] => [
  {
    command,
    what: '--file not a JSON object',
    values: notAJsonObject,
    build: fileHolding,
    names: ['--file'],
  },
  { command, what: '--file missing', values: fileName, build: missing('--file'), names: ['--file'] },
]);

const FORMATS = ['jsonld', 'indy', 'anoncreds'];

/** Every case, by command. */
export const CASES: readonly Case[] = [
  {
    command: 'login',
    what: '--email not an e-mail',
    values: notAnEmail,
    build: flag('--email'),
    names: ['--email', 'email:'],
  },
  {
    command: 'offers create',
    what: '--attr not name=value',
    values: badAttr,
    build: flag('--attr'),
    names: ['--attr', 'attributes['],
  },
  {
    command: 'offers create',
    what: '--attr with a line break or terminal escape',
    values: badAttrWithControls,
    build: flag('--attr'),
    names: ['--attr'],
  },
  {
    command: 'offers email',
    what: '--email not an e-mail',
    values: notAnEmail,
    build: flag('--email'),
    names: ['--email', 'emailId:'],
  },
  {
    command: 'offers email',
    what: '--attr not name=value',
    values: badAttr,
    build: flag('--attr'),
    names: ['--attr', 'attributes['],
  },
  {
    command: 'offers email --csv',
    what: '--batch-size not an integer ≥ 1',
    values: notAPositiveInt,
    build: flag('--batch-size'),
    names: ['--batch-size'],
  },
  {
    command: 'offers email --csv',
    what: '--concurrency not an integer ≥ 1',
    values: notAPositiveInt,
    build: flag('--concurrency'),
    names: ['--concurrency'],
  },
  {
    command: 'offers email --csv',
    what: '--shard not i/n',
    values: notAShard,
    build: flag('--shard'),
    names: ['--shard'],
  },
  {
    command: 'offers email --csv',
    what: '--csv missing',
    values: fileName,
    build: missing('--csv'),
    names: ['--csv', 'no-such-dir'],
  },
  {
    command: 'credentials list',
    what: '--base-url not https',
    values: badBaseUrl,
    build: flag('--base-url'),
    names: ['--base-url', '--insecure'],
  },
  {
    command: 'credentials list',
    // An empty --timeout means "the default", like the other root options.
    what: '--timeout not an integer ≥ 1',
    values: notAPositiveInt.filter((s) => s !== ''),
    build: flag('--timeout'),
    names: ['--timeout'],
  },
  {
    command: 'credentials negotiate',
    what: 'record id neither a UUID nor a prefix of one',
    // 8+ hex digits and dashes are a prefix, looked up like git's (negotiate.ts).
    values: notAUuid.filter((s) => s.length < 8 || !/^[0-9a-f-]+$/i.test(s)),
    build: arg,
    names: ['<recordId>:'],
  },
  {
    command: 'credentials negotiate',
    what: '--connection-id not a UUID',
    values: notAUuid,
    build: flag('--connection-id'),
    names: ['--connection-id', 'connectionId:'],
  },
  {
    command: 'credentials negotiate',
    what: '--format not a format',
    values: noneOf(FORMATS),
    build: flag('--format'),
    names: ['--format'],
  },
  { command: 'oob get', what: 'id blank, "." or ".."', values: badId, build: arg, names: ['<id>:'] },
  {
    command: 'oob accept',
    what: 'id blank, "." or ".."',
    values: badId,
    build: arg,
    names: ['<id>:'],
  },
  {
    command: 'schemas create',
    what: '--version not like 1.0.0',
    values: notAVersion,
    build: flag('--version'),
    names: ['--version', 'version:'],
  },
  ...blankCases,
  ...fileCases,
];
