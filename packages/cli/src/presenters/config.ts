import type { Style } from '../terminal/style.js';
import { cell, table } from './layout.js';

/** A profile as `config list` shows it: never the token. */
export interface ProfileView {
  baseUrl: string | undefined;
  org: string | undefined;
  email: string | undefined;
  signedIn: boolean;
  expiresAt: string | undefined;
}

/** What `config list` prints. */
export interface ProfilesView {
  current: string;
  path: string;
  profiles: Record<string, ProfileView>;
}

/** The profiles as a table; the current one is marked with `*`. */
export function presentProfiles(view: ProfilesView, style: Style): string {
  const rows = Object.entries(view.profiles).map(([name, p]) => [
    `${name === view.current ? '*' : ' '} ${name}`,
    cell(p.baseUrl),
    cell(p.org),
    cell(p.email),
    p.signedIn ? `yes${p.expiresAt ? ` (until ${p.expiresAt})` : ''}` : 'no',
  ]);
  const empty = `No profiles yet (config file: ${view.path}).`;
  const columns = [
    ['  PROFILE', 'word'],
    ['BASE URL', 'text'],
    ['ORG', 'id'],
    ['USER', 'text'],
    ['SIGNED IN', 'word'],
  ] as const;
  return table(columns, rows, style, empty);
}
