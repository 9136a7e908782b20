import { createHash } from 'node:crypto';

/**
 * Scripts: our own files and the inline scripts allowed by `scripts` (this response's nonce, or
 * the hashes of a kept page's own inline scripts), never any other inline script or attribute
 * handler. Styles allow 'unsafe-inline': the product gallery slides with a `style` attribute, and
 * in development Vite injects CSS as <style> elements. Development needs nothing more: Vite's HMR
 * WebSocket goes to the page's own origin, which 'self' covers (docs/decisions/0004).
 */
export function contentSecurityPolicy(scripts: readonly string[]): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scripts].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // blob: for the back office's previews of files picked but not yet sent.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

// An inline script's text runs until the first '</script' (HTML's rule; React escapes it in what
// it inlines).
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;

/**
 * A page rendered under a `nonce` of its own, to be kept for every anonymous visitor: the CSP
 * sources allowing exactly the inline scripts that carry that nonce ('sha256-…' of each one's
 * text, as the browser hashes it: the UTF-8 bytes between the tags), and the HTML without the
 * nonce (a secret no longer once shared). A script the render did not mark — one that came in
 * through the page's content — gets no hash and does not run.
 */
export function keptPageScripts(html: string, nonce: string): { html: string; sources: string[] } {
  const marked = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    // A script with a src is one of our files, allowed by 'self'.
    if (!attributes.includes(marked) || /\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return { html: html.replaceAll(marked, ''), sources: [...hashes] };
}
