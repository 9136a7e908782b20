import type { AdminCategoryDetail } from '@souk/domain/admin-catalog';
import { formatLongDate } from '@souk/domain/dates';
import { formatFcfa } from '@souk/domain/money';
import { countLabel } from '@souk/domain/text';
import { Link, useLocation } from 'react-router';
import { ActiveBadge } from '~/components/ui/badge';
import { buttonClass } from '~/components/ui/button';
import { DetailRow } from '~/components/ui/detail-row';
import { Dialog } from '~/components/ui/dialog';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { withParams } from '~/lib/url-params';

/** The details overlay: identity, statistics, description, image, subcategories, recent products. */
export function CategoryDetailsDialog({
  category,
  onClose,
}: {
  category: AdminCategoryDetail | null;
  onClose: () => void;
}) {
  const { search } = useLocation();
  return (
    <Dialog open={category !== null} onClose={onClose} title={category?.name ?? ''} size="lg" closeButton>
      {category && (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <ActiveBadge active={category.is_active} />
            <span className="text-sm text-stone-600">Créée le {formatLongDate(category.created_at)}</span>
          </div>
          {category.image && (
            <ResponsiveImage
              image={category.image}
              alt={category.name}
              sizes="(min-width: 768px) 720px, 100vw"
              className="aspect-[16/9] w-full rounded-xl object-cover"
            />
          )}
          <dl className="flex flex-col gap-2">
            <DetailRow label="Slug">{category.slug}</DetailRow>
            <DetailRow label="Type">
              {category.is_main_category ? 'Catégorie principale' : 'Sous-catégorie'}
            </DetailRow>
            {category.parent && <DetailRow label="Catégorie parente">{category.parent.name}</DetailRow>}
            <DetailRow label="Ordre d'affichage">{category.sort_order}</DetailRow>
          </dl>
          <section aria-labelledby="category-statistics">
            <h3 id="category-statistics" className="mb-2 font-semibold text-stone-900">
              Statistiques
            </h3>
            <dl className="grid grid-cols-3 gap-2">
              {[
                ['Sous-catégories', category.statistics.subcategories_count],
                ['Produits directs', category.statistics.products_count],
                ['Total (avec sous-catégories)', category.statistics.total_products_including_subcategories],
              ].map(([label, value]) => (
                <div key={label} className="rounded-xl bg-stone-100 p-3">
                  <dt className="text-xs text-stone-600">{label}</dt>
                  <dd className="text-lg font-bold text-stone-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="category-description">
            <h3 id="category-description" className="mb-1 font-semibold text-stone-900">
              Description
            </h3>
            {category.description ? (
              <p className="text-sm whitespace-pre-line text-stone-700">{category.description}</p>
            ) : (
              <p className="text-sm text-stone-500 italic">Aucune description fournie</p>
            )}
          </section>
          {category.subcategories.length > 0 && (
            <section aria-labelledby="category-subcategories">
              <h3 id="category-subcategories" className="mb-2 font-semibold text-stone-900">
                Sous-catégories
              </h3>
              <ul className="flex flex-wrap gap-2">
                {category.subcategories.map((sub) => (
                  <li key={sub.id}>
                    <Link
                      to={withParams(search, { details: sub.id })}
                      preventScrollReset
                      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-stone-300 px-3 text-sm font-medium text-stone-800 hover:bg-stone-50"
                    >
                      {sub.name} <ActiveBadge active={sub.is_active} />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="category-products">
            <h3 id="category-products" className="mb-2 font-semibold text-stone-900">
              Produits récents
            </h3>
            {category.products.length === 0 ? (
              <p className="text-sm text-stone-600">Aucun produit dans cette catégorie.</p>
            ) : (
              <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200">
                {category.products.map((product) => (
                  <li key={product.id} className="flex items-center gap-3 p-2">
                    <ResponsiveImage
                      image={product.image}
                      alt=""
                      sizes="48px"
                      className="h-12 w-12 shrink-0 rounded-lg object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-stone-900">{product.name}</p>
                      <p className="text-xs text-stone-600">
                        {product.variants_count > 0
                          ? countLabel(product.variants_count, 'variante')
                          : 'Prix unique'}
                      </p>
                    </div>
                    <span className="text-sm font-semibold whitespace-nowrap text-stone-900">
                      {formatFcfa(product.min_price ?? product.base_price)}
                    </span>
                    {!product.is_active && <ActiveBadge active={false} />}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="flex flex-wrap justify-end gap-2">
            <Link
              to={withParams(search, { details: null, edit: category.id })}
              preventScrollReset
              className={buttonClass('primary', 'md')}
            >
              Modifier
            </Link>
          </div>
        </div>
      )}
    </Dialog>
  );
}
