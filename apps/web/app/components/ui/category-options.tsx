import type { AdminProduct, ParentChoice } from '@souk/domain/admin-catalog';

const nameOf = (category: { name: string; is_active: boolean }) =>
  category.is_active ? category.name : `${category.name} (inactive)`;

/**
 * The two-level category tree as a select's options: each main category heads its group and can
 * be chosen itself, its subcategories under it. An inactive one says so (its products stay hidden
 * from the shop).
 */
export function CategoryOptions({ tree }: { tree: readonly ParentChoice[] }) {
  return tree.map((main) => (
    <optgroup key={main.id} label={main.name}>
      <option value={main.id}>{nameOf(main)}</option>
      {main.subcategories.map((sub) => (
        <option key={sub.id} value={sub.id}>
          {nameOf(sub)}
        </option>
      ))}
    </optgroup>
  ));
}

/** Where a product is filed, as the list shows it: 'Parent > Enfant', or the main category alone. */
export function categoryPath(category: AdminProduct['category']): string {
  if (!category) return '—';
  return category.parent ? `${category.parent.name} > ${category.name}` : category.name;
}
