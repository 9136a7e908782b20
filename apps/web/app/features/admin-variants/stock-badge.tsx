import { LOW_STOCK_THRESHOLD } from '@souk/domain/admin-limits';
import type { Variant } from '@souk/domain/catalog';
import { Badge, type BadgeTone } from '~/components/ui/badge';

// The back office's alone: the storefront never shows stock counts (nor loads admin limits).

type StockFacts = Pick<Variant, 'stock_quantity' | 'in_stock'>;

/**
 * What a variant's stock reads as: out of stock as the API says ('Rupture'); null is sold without
 * counting (unlimited); 'Faible' up to LOW_STOCK_THRESHOLD units.
 */
export function stockLevel({ stock_quantity: stock, in_stock }: StockFacts): {
  label: string;
  tone: BadgeTone;
} {
  if (!in_stock) return { label: 'Rupture', tone: 'danger' };
  if (stock === null) return { label: 'Illimité', tone: 'info' };
  if (stock <= LOW_STOCK_THRESHOLD) return { label: 'Faible', tone: 'warning' };
  return { label: 'En stock', tone: 'success' };
}

export function StockBadge({ variant }: { variant: StockFacts }) {
  const { label, tone } = stockLevel(variant);
  return <Badge tone={tone}>{label}</Badge>;
}
