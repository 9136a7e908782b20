import type { ProductSummary } from '@souk/domain/catalog';

/** Products loaded so far for a category or subcategory, and where the API paging stands. */
export type ProductBatch = { products: ProductSummary[]; page: number; lastPage: number; total: number };
