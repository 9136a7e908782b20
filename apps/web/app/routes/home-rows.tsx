import type { CategoryDetail, ProductSummary } from '@souk/domain/catalog';
import { CATEGORIES_CAROUSEL_MS, NEW_PRODUCTS_CAROUSEL_MS, POPULAR_CAROUSEL_MS } from '@souk/domain/limits';
import { ProductCard } from '~/features/catalog/product-card';
import { CarouselSection } from '~/features/home/carousel-section';
import { HelpBlock } from '~/features/home/help-block';
import { HomeCategoryCard } from '~/features/home/home-category-card';
import { useShopConfig } from '~/lib/shop-config';

// Not a route of its own: the part of the home route (home.tsx) under its hero, which that route
// loads as an island. It composes two features, as routes do.

/** The home page under its hero: the categories, popular and new products rows, then the help block. */
export function HomeRows({
  categories,
  popular,
  newest,
}: {
  categories: CategoryDetail[];
  popular: ProductSummary[];
  newest: ProductSummary[];
}) {
  const { shopWhatsapp } = useShopConfig();
  return (
    <>
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
      <ProductsRow
        id="home-popular"
        title="Produits Populaires"
        label="produits populaires"
        products={popular}
        intervalMs={POPULAR_CAROUSEL_MS}
      />
      <ProductsRow
        id="home-new"
        title="Nouveautés"
        label="nouveautés"
        products={newest}
        intervalMs={NEW_PRODUCTS_CAROUSEL_MS}
      />

      <HelpBlock shopWhatsapp={shopWhatsapp} />
    </>
  );
}

/** A row of product cards (the popular products, the new ones). */
function ProductsRow({
  products,
  ...row
}: {
  id: string;
  title: string;
  label: string;
  products: ProductSummary[];
  intervalMs: number;
}) {
  return (
    <CarouselSection
      {...row}
      items={products}
      getKey={(p) => p.id}
      renderItem={(p) => <ProductCard product={p} />}
    />
  );
}
