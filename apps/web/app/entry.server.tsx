// React Router's default Node entry, plus the page's Content-Security-Policy (docs/decisions/0004):
// the nonce server.ts draws for each request goes on every inline script React Router and React
// emit (hydration context, route modules, streamed data, Suspense) and into the header below. A
// page computed to be kept for every anonymous visitor (docs/decisions/0023) is rendered whole
// under a nonce of its own, which is then taken out: its header allows the scripts that carried it
// by their hashes.
import { PassThrough, Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isAnonymous } from '@souk/domain/cookies';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { serverContext } from '#api-context';
import { OFFLINE_SCRIPT_PATH } from '~/features/offline/offline-marks';
import { contentSecurityPolicy, keptPageScripts, nonceSource } from '~/lib/content-security-policy.server';
import { deferHydration, hydrationDeferrer } from '~/lib/deferred-hydration.server';
import { APP_HEAD_LINKS } from '~/lib/web-app';

export const streamTimeout = 5_000;

/** The app's icons and manifest in every page's head; the offline support started with its scripts. */
const PAGE_ADDITIONS = { head: APP_HEAD_LINKS, scripts: [OFFLINE_SCRIPT_PATH] };

/**
 * Every page carries the signed-in customer's name, e-mail and phone in its header data, and a
 * guest's cart count: for anyone but an anonymous visitor, no cache (a proxy's, or the browser's
 * for the Back button after logout) keeps it.
 */
function keepPrivate(request: Request, headers: Headers) {
  if (!isAnonymous(request.headers.get('cookie')) && !headers.get('Cache-Control')?.includes('no-store'))
    headers.set('Cache-Control', 'private, no-store');
}

/** The same for the `.data` answers React Router's client navigations read. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  keepPrivate(request, response.headers);
  return response;
}

/**
 * A page rendered whole, its CSP allowing the inline scripts the render marked with `nonce` and no
 * other. Browsers keep it and ask again each time (`no-cache`): a page unchanged since costs a
 * 304, not its bytes. It is the page every anonymous visitor gets (`public`): the phone's service
 * worker keeps such a page to show offline, and no other (docs/decisions/0036).
 */
async function wholePage(
  body: PassThrough,
  nonce: string,
  headers: Headers,
  status: number,
): Promise<Response> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  const rendered = deferHydration(Buffer.concat(chunks).toString('utf8'), nonce, PAGE_ADDITIONS);
  const { html, sources } = keptPageScripts(rendered, nonce);
  headers.set('Content-Security-Policy', contentSecurityPolicy(sources));
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'public, no-cache');
  return new Response(html, { headers, status });
}

/** The streamed page, its scripts held until it has loaded (lib/deferred-hydration.server). */
function deferringHydration(nonce: string): Transform {
  const deferrer = hydrationDeferrer(nonce, PAGE_ADDITIONS);
  const decoder = new TextDecoder();
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, deferrer.push(decoder.decode(chunk, { stream: true })));
    },
    flush(callback) {
      callback(null, deferrer.push(decoder.decode()) + deferrer.end());
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { cspNonce: nonce, pageKept: kept } = loadContext.get(serverContext);
  if (!kept) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy([nonceSource(nonce)]));
  keepPrivate(request, responseHeaders);

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Bots, SPA mode and kept pages wait for all content to load before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      kept || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Never moved out of place: React would send a large finished <Suspense> (an island,
        // lib/island.tsx) after the page, hidden, for a script to put back — a page without
        // JavaScript would show a hole. The page's HTML comes in reading order.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (kept) {
            resolve(wholePage(body, nonce, responseHeaders, responseStatusCode));
            pipe(body);
            return;
          }
          const stream = createReadableStreamFromReadable(body.pipe(deferringHydration(nonce)));
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
