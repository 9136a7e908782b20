import { CreateVariantInputSchema } from '@souk/domain/admin-variants';
import type { Variant } from '@souk/domain/catalog';
import { useState } from 'react';
import { NumberField, PriceField, RadioGroupField, TextField } from '~/components/ui/form-fields';
import { SortOrderField } from '~/components/ui/record-fields';
import { SaveFormDialog } from '~/components/ui/save-form-dialog';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
] as const;

/**
 * Add or edit one variant (name, price, SKU, stock, sort order, status Active/Inactive). The
 * submit stays disabled while the name or the price is empty; the rest is checked with the API's
 * schema, and the API's refusals (a SKU already used) show under their fields.
 */
export function VariantFormDialog({
  productId,
  variant,
  open,
  onClose,
}: {
  productId: number;
  /** The variant edited; null to add one. */
  variant: Variant | null;
  open: boolean;
  onClose: () => void;
}) {
  const [name, setName] = useState(variant?.name ?? '');
  const [price, setPrice] = useState(variant ? String(variant.price) : '');
  return (
    <SaveFormDialog
      fetcherKey="variant-save"
      intent="variant-save"
      hidden={{ product_id: productId }}
      schema={CreateVariantInputSchema}
      title={variant ? 'Modifier la variante' : 'Nouvelle variante'}
      open={open}
      onClose={onClose}
      id={variant?.id}
      size="md"
      submitDisabled={name.trim() === '' || price.trim() === ''}
    >
      {(errors) => (
        <>
          <TextField
            id="variant-name"
            name="name"
            label="Nom de la variante"
            placeholder="Ex. : 50 ml"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PriceField
              id="variant-price"
              name="price"
              label="Prix (FCFA)"
              value={price}
              onChange={(event) => setPrice(event.currentTarget.value)}
              error={errors.price}
            />
            <TextField
              id="variant-sku"
              name="sku"
              label="Code SKU"
              required={false}
              defaultValue={variant?.sku ?? ''}
              error={errors.sku}
            />
            <NumberField
              id="variant-stock"
              name="stock_quantity"
              label="Quantité en stock"
              required={false}
              hint="Laisser vide pour un stock illimité."
              defaultValue={variant?.stock_quantity ?? ''}
              error={errors.stock_quantity}
            />
            <SortOrderField
              id="variant-sort-order"
              required={false}
              hint="Les plus petits d'abord."
              defaultValue={variant?.sort_order ?? 0}
              error={errors.sort_order}
            />
          </div>
          <RadioGroupField
            name="is_active"
            legend="Statut"
            options={STATUS_OPTIONS}
            defaultValue={String(variant?.is_active ?? true)}
            error={errors.is_active}
          />
        </>
      )}
    </SaveFormDialog>
  );
}
