import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy.server';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('allows each inline script by the hash of its exact text, and nothing it does not hold', () => {
    const context = 'window.__reactRouterContext = {"name":"Crème à l\'argan"};';
    const modules = '\nimport "/assets/entry.js";\n';
    const html = `<html><head><script type="module" src="/assets/a.js"></script>
      <script type="application/ld+json">{"@type":"Product"}</script>
      <script type="application/json">{"a":1}</script></head>
      <body><script>${context}</script><script type="module" async="">${modules}</script>
      <SCRIPT>${context}</SCRIPT></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(context), sha256(modules)]);
  });

  it('puts the sources into script-src, beside our own files', () => {
    expect(contentSecurityPolicy(inlineScriptHashes('<script>go()</script>'))).toContain(
      `script-src 'self' ${sha256('go()')};`,
    );
    expect(contentSecurityPolicy([])).toContain("script-src 'self';");
  });
});
