// Rows typed into a table before they are sent (the bulk creation's products and their variants,
// the variant batch table): a key each, the variant row both tables share, and the API's refusals
// read back by row.

let nextKey = 0;
/** A row's React key: its index cannot be one, it moves when a row above is removed. */
export const newRowKey = () => nextKey++;

/** A variant as typed in a row; the domain's BatchVariantRowSchema reads the texts. */
export type VariantRow = {
  key: number;
  name: string;
  price: string;
  sku: string;
  stock_quantity: string;
  /** 'true' or 'false', as the status select gives it. */
  is_active: string;
};

export const emptyVariantRow = (): VariantRow => ({
  key: newRowKey(),
  name: '',
  price: '',
  sku: '',
  stock_quantity: '',
  is_active: 'true',
});

/** Nothing typed (the status aside): such a row is left out rather than refused. */
export const isBlankVariantRow = (row: VariantRow) =>
  !row.name.trim() && !row.price.trim() && !row.sku.trim() && !row.stock_quantity.trim();

/** A row as the API takes it: its values, without the screen's key. */
export const variantRowValues = ({ key: _, ...values }: VariantRow) => values;

/** A problem of one field of one row: `field` is 'name', 'image_main', 'variants.0.price'…; row -1 is the form's. */
export type RowProblem = { row: number; field: string; message: string };

/**
 * The API's errors about the rows sent as `list` ('products.2.image_main' is row 2's 'image_main'),
 * the first message of each; any other path is the whole form's (row -1).
 */
export function rowProblemsFromApi(
  errors: Record<string, string | readonly string[]> | undefined,
  list: string,
): RowProblem[] {
  const rowPath = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`);
  return Object.entries(errors ?? {}).flatMap(([path, messages]) => {
    const message = typeof messages === 'string' ? messages : messages[0];
    if (!message) return [];
    const match = rowPath.exec(path);
    return match
      ? [{ row: Number(match[1]), field: match[2] as string, message }]
      : [{ row: -1, field: path, message }];
  });
}
