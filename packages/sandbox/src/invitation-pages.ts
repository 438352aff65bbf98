import { basePath } from './node-bridge.js';
import { invitationUrl } from './records/oob.js';
import type { Sandbox } from './sandbox.js';

// The sandbox hands out invitation URLs (`/invitation?oob=…`) and short URLs (`/url/{id}`); these
// answers make both open in a browser or a wallet, as on a real deployment.

const HTML = { 'Content-Type': 'text/html; charset=utf-8' };

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, body: string): Response {
  const html = `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(title)}</title>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
  return new Response(html, { status, headers: HTML });
}

function decode(oob: string | null): Record<string, unknown> | undefined {
  if (!oob || !/^[\w-]+$/.test(oob)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(oob, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function invitationPage(url: URL): Response {
  const oob = url.searchParams.get('oob');
  const invitation = decode(oob);
  if (!invitation)
    return page(400, 'Bad invitation', '<p>The <code>oob</code> parameter is not an invitation.</p>');
  const label = typeof invitation['label'] === 'string' ? invitation['label'] : 'An issuer';
  const deepLink = `didcomm://invite?oob=${oob}`;
  const body = [
    `<h1>${escapeHtml(label)} invites you</h1>`,
    `<p><a href="${escapeHtml(deepLink)}">Open in your wallet</a></p>`,
    `<p>Invitation URL: <code>${escapeHtml(url.href)}</code></p>`,
    `<pre id="invitation">${escapeHtml(JSON.stringify(invitation, null, 2))}</pre>`,
  ].join('\n');
  return page(200, `Invitation from ${label}`, body);
}

function shortUrl(sandbox: Sandbox, id: string, request: Request): Response {
  const record = sandbox.state.outOfBand.get(id);
  if (!record) return page(404, 'Not found', `<p>No invitation ${escapeHtml(id)}.</p>`);
  if ((request.headers.get('accept') ?? '').includes('application/json')) {
    return Response.json(record.outOfBandInvitation);
  }
  return new Response(null, { status: 302, headers: { Location: invitationUrl(sandbox.baseUrl, record) } });
}

/** The answer to a GET of an invitation page or a short URL; undefined for any other request. */
export function invitationResponse(sandbox: Sandbox, request: Request): Response | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  const prefix = basePath(sandbox.baseUrl);
  if (!url.pathname.startsWith(`${prefix}/`)) return undefined;
  const path = url.pathname.slice(prefix.length);
  if (path === '/invitation') return invitationPage(url);
  const short = /^\/url\/([^/]+)$/.exec(path);
  return short ? shortUrl(sandbox, decodeURIComponent(short[1] as string), request) : undefined;
}
