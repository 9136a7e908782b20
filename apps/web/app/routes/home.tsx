import { CATEGORIES_CAROUSEL_MS, NEW_PRODUCTS_CAROUSEL_MS, POPULAR_CAROUSEL_MS } from '@souk/domain/limits';
import { ErrorState, routeErrorInfo } from '~/components/ui/error-state';
import { ProductCard } from '~/features/catalog/product-card';
import { BannerCarousel } from '~/features/home/banner-carousel';
import { CarouselSection } from '~/features/home/carousel-section';
import { HelpBlock } from '~/features/home/help-block';
import { Hero } from '~/features/home/hero';
import { loadHome } from '~/features/home/home.server';
import { HomeCategoryCard } from '~/features/home/home-category-card';
import { useShopConfig } from '~/features/layout/use-shop-config';
import { serverConfig } from '~/lib/api.server';
import { absoluteUrl, pageMeta } from '~/lib/seo';
import type { Route } from './+types/home';

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
  const { shopWhatsapp } = useShopConfig();
  return (
    <main id="main" className="flex flex-col gap-10 pb-4">
      <Hero>{banners.length > 0 ? <BannerCarousel banners={banners} shopOrigin={publicUrl} /> : null}</Hero>

      <CarouselSection
        id="home-categories"
        title="Catégories"
        label="catégories"
        items={categories}
        intervalMs={CATEGORIES_CAROUSEL_MS}
        getKey={(c) => c.id}
        renderItem={(c) => <HomeCategoryCard category={c} />}
        seeAll={{ to: '/catalog', label: 'Tout le catalogue' }}
      />
      <CarouselSection
        id="home-popular"
        title="Produits Populaires"
        label="produits populaires"
        items={popular}
        intervalMs={POPULAR_CAROUSEL_MS}
        getKey={(p) => p.id}
        renderItem={(p) => <ProductCard product={p} />}
      />
      <CarouselSection
        id="home-new"
        title="Nouveautés"
        label="nouveautés"
        items={newest}
        intervalMs={NEW_PRODUCTS_CAROUSEL_MS}
        getKey={(p) => p.id}
        renderItem={(p) => <ProductCard product={p} />}
      />

      <HelpBlock shopWhatsapp={shopWhatsapp} />
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
