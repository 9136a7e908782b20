import { webAppManifest } from '~/lib/web-app';

/** The web app manifest: what a phone shows when the shop is added to its home screen. */
export function loader() {
  return new Response(JSON.stringify(webAppManifest()), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  });
}
