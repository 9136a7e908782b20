import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, keptPageScripts } from './content-security-policy.server';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('keptPageScripts', () => {
  const nonce = 'bm9uY2UtZHUtcmVuZHU=';
  const context = 'window.__reactRouterContext = {"name":"Crème à l\'argan"};';
  const modules = '\nimport "/assets/entry.js";\n';
  const html = `<html><head><script type="module" src="/assets/a.js" nonce="${nonce}"></script>
    <script type="application/ld+json">{"@type":"Product"}</script></head>
    <body><script nonce="${nonce}">${context}</script><script type="module" nonce="${nonce}" async="">${modules}</script>
    <p>Avis</p><script>alert('injecté')</script><SCRIPT nonce="${nonce}">${context}</SCRIPT></body></html>`;

  it('allows by its hash each inline script the render marked, and nothing else', () => {
    const { sources } = keptPageScripts(html, nonce);
    expect(sources).toEqual([sha256(context), sha256(modules)]);
    expect(sources).not.toContain(sha256("alert('injecté')"));
  });

  it('takes the nonce out of the page kept for everyone', () => {
    const kept = keptPageScripts(html, nonce).html;
    expect(kept).not.toContain(nonce);
    expect(kept).toContain(`<script>${context}</script>`);
  });

  it('puts the sources into script-src, beside our own files', () => {
    expect(contentSecurityPolicy(keptPageScripts(`<script nonce="x">go()</script>`, 'x').sources)).toContain(
      `script-src 'self' ${sha256('go()')};`,
    );
    expect(contentSecurityPolicy([])).toContain("script-src 'self';");
  });
});
