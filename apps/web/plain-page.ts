/**
 * A page the server answers on its own, before React Router (a form refused before its body is
 * read): French, no script, no style to load, and a way back to the shop. `text` is ours, never
 * the visitor's.
 */
export const plainPage = (title: string, text: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — Souk</title></head>
<body><h1>${title}</h1><p>${text} <a href="/">Retour à la boutique</a></p></body></html>
`;

/** Its Content-Security-Policy: nothing may load. */
export const PLAIN_PAGE_CSP = "default-src 'none'";
