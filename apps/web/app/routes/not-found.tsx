import { data } from 'react-router';
import { NotFoundView } from '~/components/ui/not-found-view';
import { serverConfig } from '~/lib/api.server';
import { pageMeta } from '~/lib/seo';
import type { Route } from './+types/not-found';

// Any path no other route claims: render the page, but with a real 404 status for crawlers and caches.
export function loader({ context, request }: Route.LoaderArgs) {
  const { publicUrl } = serverConfig(context);
  return data({ url: `${publicUrl}${new URL(request.url).pathname}` }, { status: 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: 'Page introuvable',
    description: "Cette page n'existe pas ou a été déplacée.",
    url: loaderData?.url ?? '',
    extra: [{ name: 'robots', content: 'noindex' }],
  });
}

export default function NotFoundPage() {
  return <NotFoundView />;
}
