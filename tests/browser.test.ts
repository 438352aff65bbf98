import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_ORG_ID, DEMO_USER, type RunningSandbox, startSandbox } from '@credential-agent/sandbox';
import { AgentClient } from '@credential-agent/sdk';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../scripts/source-condition.mjs';
import { createOffers } from './support/offers.js';
import { root } from './support/packages.js';
import { type StaticServer, serveFiles } from './support/static-server.js';

// The SDK in a real browser: tests/browser/page.ts, bundled for the browser from the SDK's sources,
// is served from one loopback origin and calls the sandbox on another, so CORS is exercised.
const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const pageDir = join(root, 'tests/browser');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function bundlePage(): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [join(pageDir, 'page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    // The SDK from its sources, as the workspace resolves it; `module` is esbuild's default condition.
    conditions: [SOURCE_CONDITION, 'module'],
  });
  return (result.outputFiles[0] as { contents: Uint8Array }).contents;
}

describe.skipIf(!existsSync(chromiumPath))(
  `the SDK in headless Chromium (skipped when there is no browser at ${chromiumPath}; set CHROMIUM_PATH)`,
  { timeout: 60_000 },
  () => {
    let sandbox: RunningSandbox;
    let site: StaticServer;
    let browser: Browser;

    beforeAll(async () => {
      sandbox = await startSandbox();
      const [html, script] = await Promise.all([readFile(join(pageDir, 'index.html'), 'utf8'), bundlePage()]);
      // The same page under a Content-Security-Policy without 'unsafe-eval': `new Function` throws.
      const strict = html.replace(
        '<head>',
        `<head>\n    <meta http-equiv="Content-Security-Policy" content="script-src 'self'" />`,
      );
      site = await serveFiles({
        '/': { type: 'text/html; charset=utf-8', body: html },
        '/strict.html': { type: 'text/html; charset=utf-8', body: strict },
        '/page.js': { type: 'text/javascript; charset=utf-8', body: script },
      });
      browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await site?.close();
      await sandbox?.close();
    });

    it('signs in with the demo user and shows the number of credential records', async () => {
      const agent = new AgentClient({ baseUrl: sandbox.url });
      await agent.auth.signIn(DEMO_USER);
      await createOffers(agent, DEMO_ORG_ID, 3);
      expect(await agent.credentials.list()).toHaveLength(3);
      const listsBefore = sandbox.sandbox.requestCount('GET', '/credentials');

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript((config) => Object.assign(window, { agentConfig: config }), {
        baseUrl: sandbox.url,
        ...DEMO_USER,
      });
      await page.goto(`${site.url}/`);
      await page.waitForSelector('body[data-done="true"]');

      expect(await page.textContent('#status')).toBe(`Signed in as ${DEMO_USER.email}`);
      expect(await page.textContent('#count')).toBe('3 credential records');
      expect(sandbox.sandbox.requestCount('GET', '/credentials')).toBe(listsBefore + 1);
      expect(new URL(site.url).origin).not.toBe(new URL(sandbox.url).origin);
      await context.close();
    });

    it('validates the list under a Content-Security-Policy that refuses eval (the fast path without generated code)', async () => {
      const agent = new AgentClient({ baseUrl: sandbox.url });
      await agent.auth.signIn(DEMO_USER);
      await createOffers(agent, DEMO_ORG_ID, 2);
      const count = (await agent.credentials.list()).length;

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript((config) => Object.assign(window, { agentConfig: config }), {
        baseUrl: sandbox.url,
        ...DEMO_USER,
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const counted = window as { refusedEval?: number };
          if (event.blockedURI === 'eval') counted.refusedEval = (counted.refusedEval ?? 0) + 1;
        });
      });
      await page.goto(`${site.url}/strict.html`);
      await page.waitForSelector('body[data-done="true"]');

      // The page did try eval (zod's probe) and was refused: the policy held.
      const refused = await page.evaluate(() => (window as { refusedEval?: number }).refusedEval ?? 0);
      expect(refused).toBeGreaterThan(0);
      expect(await page.textContent('#status')).toBe(`Signed in as ${DEMO_USER.email}`);
      expect(await page.textContent('#count')).toBe(`${count} credential records`);
      await context.close();
    });
  },
);
