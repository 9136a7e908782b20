import { BULK_IMAGE_REQUIRED, BULK_PRODUCTS_REQUIRED, BulkProductRowSchema } from '@souk/domain/admin-bulk';
import {
  isBlankVariantRow,
  newRowKey,
  type RowProblem,
  type VariantRow,
  variantRowValues,
} from '~/lib/draft-rows';

// The wizard's rows as typed, checked with the API's own row schema (the image by its presence:
// the server reads its bytes), and the problems worded row by row: 'Produit N: …'.

export type ProductDraft = {
  key: number;
  name: string;
  description: string;
  base_price: string;
  is_active: boolean;
  image: File | null;
  variants: VariantRow[];
};

export const emptyProduct = (): ProductDraft => ({
  key: newRowKey(),
  name: '',
  description: '',
  base_price: '',
  is_active: true,
  image: null,
  variants: [],
});

/** A row as the API takes it (its image goes apart, as a file); variant rows left empty are dropped. */
export function rowPayload(product: ProductDraft) {
  const variants = product.variants.filter((variant) => !isBlankVariantRow(variant));
  return {
    name: product.name,
    description: product.description,
    base_price: product.base_price,
    is_active: product.is_active,
    ...(variants.length ? { variants: variants.map(variantRowValues) } : {}),
  };
}

export function rowProblems(products: readonly ProductDraft[]): RowProblem[] {
  const problems: RowProblem[] = [];
  products.forEach((product, row) => {
    // The image stands in as a placeholder value: its bytes are the server's to judge.
    const parsed = BulkProductRowSchema.safeParse({
      ...rowPayload(product),
      image_main: product.image ? 'x' : '',
    });
    const seen = new Set<string>();
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path.join('.');
      if (field === 'image_main' && product.image) continue;
      if (seen.has(field)) continue;
      seen.add(field);
      problems.push({ row, field, message: field === 'image_main' ? BULK_IMAGE_REQUIRED : issue.message });
    }
  });
  if (products.length === 0) problems.push({ row: -1, field: 'products', message: BULK_PRODUCTS_REQUIRED });
  return problems;
}

/** 'Produit 2: Le nom du produit est obligatoire'. */
export const problemText = (problem: RowProblem) =>
  problem.row >= 0 ? `Produit ${problem.row + 1}: ${problem.message}` : problem.message;
