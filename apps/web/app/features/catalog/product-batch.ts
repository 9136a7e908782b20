import type { ProductSummary } from '@souk/domain/catalog';

/** Products loaded so far for a category or subcategory, and where the API paging stands. */
/** Which products a batch holds: a category (with its subcategories) or one subcategory. */
export type ProductBatchFilter = { category_id: number } | { subcategory_id: number };

export type ProductBatch = { products: ProductSummary[]; page: number; lastPage: number; total: number };
