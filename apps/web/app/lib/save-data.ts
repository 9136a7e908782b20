// Loaded by server.ts under plain Node as well as by the app: no imports.

/**
 * Whether a request's `Save-Data` header asks for lighter pages (docs/decisions/0029): its value is
 * `on`, possibly followed by parameters (`on; foo`), in any case; a header sent twice arrives
 * joined by a comma, and its first value decides. Read once per request, in
 * server.ts, which keys the kept page and tells the pages through the load context.
 */
export function wantsSaveData(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(/[;,]/)[0]?.trim().toLowerCase() === 'on';
}
