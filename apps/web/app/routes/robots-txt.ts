import { serverConfig } from '~/lib/api.server';
import type { Route } from './+types/robots-txt';

// Private or per-visitor pages stay out of search engines; everything else may be crawled.
const DISALLOWED = ['/admin', '/cart', '/profile', '/auth', '/api'];

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = serverConfig(context);
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
