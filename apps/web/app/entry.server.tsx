// React Router's default Node entry, plus the page's Content-Security-Policy (docs/decisions/0004):
// the nonce server.ts draws for each request goes on every inline script React Router and React
// emit (hydration context, route modules, streamed data, Suspense) and into the header below.
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { serverContext } from '#api-context';
import { hasSessionCookie } from '~/lib/session.server';

export const streamTimeout = 5_000;

/**
 * Scripts: our own files and the inline scripts carrying this request's nonce, never any other
 * inline script or attribute handler. Styles allow 'unsafe-inline': the product gallery slides
 * with a `style` attribute, and in development Vite injects CSS as <style> elements. Development
 * needs nothing more: Vite's HMR WebSocket goes to the page's own origin, which 'self' covers.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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

/**
 * Every page carries the signed-in customer's name, e-mail and phone in its header data: with a
 * session cookie, no cache (a proxy's, or the browser's for the Back button after logout) keeps it.
 */
function keepPrivate(request: Request, headers: Headers) {
  if (hasSessionCookie(request) && !headers.get('Cache-Control')?.includes('no-store'))
    headers.set('Cache-Control', 'private, no-store');
}

/** The same for the `.data` answers React Router's client navigations read. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  keepPrivate(request, response.headers);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(serverContext).cspNonce;
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce));
  keepPrivate(request, responseHeaders);

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Bots and SPA mode wait for all content to load before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by React Router's handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
