import type { ProductSummary } from '@souk/domain/catalog';
import type { ReactNode } from 'react';
import { ProductCard } from './product-card';

/** Responsive product grid (2 columns at 360 px) or a one-column list. */
export function ProductGrid({
  products,
  layout = 'grid',
  priorityCount = 0,
  itemRef,
  children,
}: {
  products: ProductSummary[];
  layout?: 'grid' | 'list';
  /** First N cards load eagerly (above the fold). */
  priorityCount?: number;
  itemRef?: (index: number, element: HTMLLIElement | null) => void;
  children?: ReactNode;
}) {
  return (
    <ul
      className={
        layout === 'list'
          ? 'grid grid-cols-1 gap-3 lg:grid-cols-2'
          : 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4'
      }
    >
      {products.map((product, index) => (
        <li key={product.id} ref={itemRef ? (element) => itemRef(index, element) : undefined}>
          <ProductCard product={product} layout={layout} priority={index < priorityCount} />
        </li>
      ))}
      {children}
    </ul>
  );
}
