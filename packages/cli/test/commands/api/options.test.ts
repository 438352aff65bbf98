import { describe } from 'vitest';
import { flagsTable } from '../../support/parse-flags.js';

describe('api: flags → options (no server)', () => {
  flagsTable('api', [
    [['GET', '/credentials'], { method: 'GET', path: '/credentials', include: false }],
    [
      ['post', '/x?y=1', '-f', 'a=1', '--raw-field', 'b=2', '-F', 'n=3', '--include'],
      { method: 'post', path: '/x?y=1', rawField: ['a=1', 'b=2'], field: ['n=3'], include: true },
    ],
    [['POST', '/schemas', '--input', '-'], { method: 'POST', path: '/schemas', input: '-', include: false }],
    [['GET'], "error: missing required argument 'path'"],
    [['GET', '/x', '-f'], "error: option '-f, --raw-field <key=value>' argument missing"],
  ]);
});
