import { describe } from 'vitest';
import { flagsTable } from '../../support/parse-flags.js';

describe('login: flags → options (no server)', () => {
  flagsTable('login', [
    [[], { passwordStdin: false }],
    [['--email', 'a@x.com', '--password-stdin'], { email: 'a@x.com', passwordStdin: true }],
    [['--email=a@x.com', '--password', 'pw'], { email: 'a@x.com', password: 'pw', passwordStdin: false }],
    [['--email'], "error: option '--email <email>' argument missing"],
    [['--email', '', '--password-stdin'], 'error: --email is empty: give a value or leave it out'],
    [['--email', '  ', '--password-stdin'], 'error: --email is empty: give a value or leave it out'],
    [['--email', 'a@x.com', '--password', ''], 'error: --password is empty: give a value or leave it out'],
    [['--user', 'a'], "error: unknown option '--user'"],
  ]);
});

describe('logout: flags → options (no server)', () => {
  flagsTable('logout', [
    [[], {}],
    [['--profile', 'p'], {}],
    [['--all'], "error: unknown option '--all'"],
  ]);
});

describe('whoami: flags → options (no server)', () => {
  flagsTable('whoami', [
    [[], {}],
    [['--json'], {}],
    [['me'], "error: too many arguments for 'whoami'"],
  ]);
});
