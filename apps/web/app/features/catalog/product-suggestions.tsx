import type { ProductSummary, ProductSuggestions as Suggestions } from '@souk/domain/catalog';
import { ProductCard } from './product-card';

/** A titled row of product cards (also used by the cart's suggestions); nothing when empty. */
export function ProductRow({
  id,
  title,
  products,
}: {
  id: string;
  title: string;
  products: ProductSummary[];
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {/* A swipeable row on phones, a grid on wider screens. */}
      <ul className="-mx-4 flex scroll-px-4 snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:snap-none sm:grid-cols-3 sm:overflow-visible sm:px-0 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="w-[44%] shrink-0 snap-start sm:w-auto">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The three suggestion sets under a product; hidden entirely when they failed to load. */
export function ProductSuggestions({ suggestions }: { suggestions: Suggestions | null }) {
  if (!suggestions) return null;
  return (
    <div className="flex flex-col gap-8">
      <ProductRow id="similar-title" title="Produits similaires" products={suggestions.similar_products} />
      <ProductRow
        id="popular-title"
        title="Populaires dans cette catégorie"
        products={suggestions.popular_in_category}
      />
      <ProductRow id="recent-title" title="Récemment ajoutés" products={suggestions.recent_products} />
    </div>
  );
}
