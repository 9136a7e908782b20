import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { Hero } from '~/features/home/hero';
import { loadHome } from '~/features/home/home.server';
import { serverConfig } from '~/lib/api.server';
import { island } from '~/lib/island';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/home';

// The banners are in the first paint as the server drew them; their controls (autoplay, swipe,
// dots) come once the page is idle. The rows under them come as they near the screen.
const BannerCarousel = island(
  () => import('~/features/home/banner-carousel').then((m) => m.BannerCarousel),
  'idle',
);
const HomeRows = island(() => import('./home-rows').then((m) => m.HomeRows), 'visible');

export async function loader({ context }: Route.LoaderArgs) {
  const home = await loadHome(context);
  return { ...home, publicUrl: serverConfig(context).publicUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Erreur de chargement | Souk' }];
  const { banners, categories, publicUrl } = loaderData;
  const image =
    banners[0]?.image?.url ?? banners[0]?.image_url ?? categories.find((c) => c.image_main)?.image_main;
  return pageMeta({
    title: 'Souk — Parfums & cosmétiques naturels du Maroc',
    description:
      'Parfums naturels, huiles essentielles, savons artisanaux et cosmétiques : Produits Authentiques du Maroc, prix en FCFA, commande confirmée sur WhatsApp.',
    url: `${publicUrl}/`,
    image: image ? absoluteUrl(publicUrl, image) : null,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, categories, popular, newest, publicUrl } = loaderData;
  return (
    <main id="main" className="flex flex-col gap-10 pb-4">
      <Hero>
        {banners.length > 0 ? (
          <BannerCarousel className="min-w-0" banners={banners} shopOrigin={publicUrl} />
        ) : null}
      </Hero>
      <HomeRows className="flex flex-col gap-10" categories={categories} popular={popular} newest={newest} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { message } = routeErrorInfo(error, 'Erreur lors du chargement des produits');
  return (
    <ErrorState
      title="Erreur de chargement"
      hint={message}
      back={{ to: '/catalog', label: 'Voir le catalogue' }}
    />
  );
}
