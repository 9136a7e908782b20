import { CheckboxField, NumberField } from './form-fields';

// Fields the back office's forms (categories, products, variants) ask in the same words.

/** 'Ordre d'affichage' (sort_order): where the record stands in its list. */
export function SortOrderField({
  id,
  defaultValue,
  error,
  required,
  hint,
}: {
  id: string;
  defaultValue: string | number;
  error?: string;
  required?: boolean;
  hint?: string;
}) {
  return (
    <NumberField
      id={id}
      name="sort_order"
      label="Ordre d'affichage"
      required={required}
      hint={hint}
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** 'is_active' as a box to tick: whether the shop shows the record ('Produit actif', 'Catégorie active'). */
export function VisibleInShopField({
  id,
  label,
  defaultChecked,
}: {
  id: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <CheckboxField
      id={id}
      name="is_active"
      label={`${label} (visible dans la boutique)`}
      defaultChecked={defaultChecked}
      value="true"
    />
  );
}
