import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOVED_ROOT_PATHS } from '../src/agent-line.js';
import { createSandbox, type SandboxOptions } from '../src/index.js';

const documentUrl = new URL('../openapi.json', import.meta.url);
const document = JSON.parse(await readFile(documentUrl, 'utf8')) as {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
};

/** `METHOD /path` of every route a sandbox serves, as documented (`:id` written `{id}`). */
function served(options: SandboxOptions): string[] {
  const base = 'http://agent.test';
  return createSandbox({ ...options, baseUrl: base }).handlers.flatMap((handler) => {
    const { method, path } = (handler as HttpHandler).info;
    const route = String(path).slice(base.length);
    // The HTML 404 pages of the paths line 2.1 no longer serves are not routes.
    const gone: readonly string[] = options.agentKey && options.agentLine === '2.1' ? MOVED_ROOT_PATHS : [];
    if (gone.includes(route)) return [];
    return [`${String(method)} ${route.replace(/:(\w+)/g, '{$1}')}`];
  });
}

const CONFIGURATIONS: SandboxOptions[] = [
  {},
  { flavor: 'platform' },
  { flavor: 'platform', agentKey: 'key', agentLine: '2.0' },
  { flavor: 'platform', agentKey: 'key', agentLine: '2.1' },
  { agentKey: 'key', agentLine: '2.1' },
];

describe('openapi.json, the contract the sandbox validates against', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('documents every route the sandbox serves, and the sandbox serves every documented route', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = new Set(CONFIGURATIONS.flatMap(served));
    expect([...routes].filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !routes.has(route))).toEqual([]);
  });

  it('is shipped in the package as @credential-agent/sandbox/openapi.json', async () => {
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.files).toContain('openapi.json');
    expect(manifest.exports['./openapi.json']).toBe('./openapi.json');
    expect(manifest.publishConfig.exports['./openapi.json']).toBe('./openapi.json');
  });
});
