import type { AdminCategory, AdminCategoryTree } from '@souk/domain/admin-catalog';
import { formatShortDate } from '@souk/domain/dates';
import { countLabel } from '@souk/domain/text';
import { Link, useLocation } from 'react-router';
import { ActiveToggle } from '~/components/ui/active-toggle';
import { ActiveBadge } from '~/components/ui/badge';
import { Button, buttonClass } from '~/components/ui/button';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { withParams } from '~/lib/url-params';

function ToggleButton({ category }: { category: AdminCategory }) {
  return (
    <ActiveToggle
      fetcherKey={`toggle-category-${category.id}`}
      fields={{ id: category.id }}
      name={category.name}
      active={category.is_active}
    />
  );
}

/** The actions every category offers: details, edit, activate/deactivate, delete. */
export function CategoryActions({
  category,
  onDelete,
}: {
  category: AdminCategory;
  onDelete: (category: AdminCategory) => void;
}) {
  const { search } = useLocation();
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={withParams(search, { details: category.id, edit: null })}
        preventScrollReset
        className={buttonClass('secondary', 'sm')}
        aria-label={`Voir les détails de ${category.name}`}
      >
        Détails
      </Link>
      <Link
        to={withParams(search, { edit: category.id, details: null })}
        preventScrollReset
        className={buttonClass('secondary', 'sm')}
        aria-label={`Modifier ${category.name}`}
      >
        Modifier
      </Link>
      <ToggleButton category={category} />
      <Button
        size="sm"
        variant="danger"
        onClick={() => onDelete(category)}
        aria-label={`Supprimer ${category.name}`}
      >
        Supprimer
      </Button>
    </div>
  );
}

function Counts({ category }: { category: AdminCategory }) {
  return (
    <p className="text-sm text-stone-600">
      {countLabel(category.products_count, 'produit')} ·{' '}
      {countLabel(category.subcategories_count, 'sous-catégorie')} · créée le{' '}
      {formatShortDate(category.created_at)}
    </p>
  );
}

function Description({ text }: { text: string | null }) {
  return text ? (
    <p className="line-clamp-2 text-sm text-stone-700">{text}</p>
  ) : (
    <p className="text-sm text-stone-500 italic">Aucune description fournie</p>
  );
}

/** A main category with its image, badge, description, counts, date, actions and its subcategories. */
export function CategoryCard({
  category,
  view,
  onDelete,
}: {
  category: AdminCategoryTree;
  view: 'grid' | 'list';
  onDelete: (category: AdminCategory) => void;
}) {
  const headingId = `category-${category.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm ${
        view === 'grid' ? 'flex-col' : 'flex-col sm:flex-row'
      }`}
    >
      <ResponsiveImage
        image={category.image}
        alt=""
        sizes={view === 'grid' ? '(min-width: 1024px) 320px, 100vw' : '160px'}
        className={`rounded-xl bg-stone-100 object-cover ${view === 'grid' ? 'aspect-[16/9] w-full' : 'aspect-[16/9] w-full sm:w-40 sm:shrink-0'}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-lg font-semibold text-stone-900">
            {category.name}
          </h3>
          <ActiveBadge active={category.is_active} />
        </div>
        <Description text={category.description} />
        <Counts category={category} />
        <CategoryActions category={category} onDelete={onDelete} />
        {category.subcategories.length > 0 && (
          <details className="group mt-1 rounded-xl border border-stone-200 bg-stone-50">
            <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-emerald-900">
              Sous-catégories ({category.subcategories.length})
            </summary>
            <ul className="flex flex-col divide-y divide-stone-200 border-t border-stone-200">
              {category.subcategories.map((sub) => (
                <li key={sub.id} className="flex flex-col gap-2 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-stone-900">{sub.name}</span>
                    <ActiveBadge active={sub.is_active} />
                  </div>
                  <Description text={sub.description} />
                  <Counts category={sub} />
                  <CategoryActions category={sub} onDelete={onDelete} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </article>
  );
}
