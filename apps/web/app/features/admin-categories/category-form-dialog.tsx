import {
  type AdminCategoryDetail,
  CreateCategoryInputSchema,
  type ParentChoice,
} from '@souk/domain/admin-catalog';
import { CATEGORY_NAME_MAX_LENGTH } from '@souk/domain/admin-limits';
import { countLabel } from '@souk/domain/text';
import { SelectField, TextAreaField, TextField } from '~/components/ui/form-fields';
import { ImageField } from '~/components/ui/image-field';
import { SortOrderField, VisibleInShopField } from '~/components/ui/record-fields';
import { SaveFormDialog } from '~/components/ui/save-form-dialog';

// The form checks with the API's own schema, less the image, which the browser checks by its size
// and type (the server decides from the bytes).
const CategoryFormSchema = CreateCategoryInputSchema.omit({ image_main: true });

/** Create or edit a category: name, description, parent, image, sort order, active. */
export function CategoryFormDialog({
  open,
  category,
  tree,
  onClose,
}: {
  open: boolean;
  /** The category edited; null to create one. */
  category: AdminCategoryDetail | null;
  tree: ParentChoice[];
  onClose: () => void;
}) {
  const hasChildren = (category?.subcategories_count ?? 0) > 0;
  const parents = tree.filter((main) => main.id !== category?.id);

  return (
    <SaveFormDialog
      fetcherKey="save-category"
      schema={CategoryFormSchema}
      title={category ? 'Modifier la catégorie' : 'Nouvelle catégorie'}
      open={open}
      onClose={onClose}
      id={category?.id}
      size="md"
    >
      {(errors) => (
        <>
          <TextField
            id="category-name"
            name="name"
            label="Nom de la catégorie"
            defaultValue={category?.name ?? ''}
            error={errors.name}
            maxLength={CATEGORY_NAME_MAX_LENGTH}
            autoComplete="off"
          />
          <TextAreaField
            id="category-description"
            name="description"
            label="Description"
            required={false}
            defaultValue={category?.description ?? ''}
            error={errors.description}
          />
          <SelectField
            id="category-parent"
            name="parent_id"
            label="Catégorie parente"
            required={false}
            defaultValue={category?.parent_id ? String(category.parent_id) : ''}
            error={errors.parent_id}
            disabled={hasChildren}
            hint={
              hasChildren
                ? 'Cette catégorie a des sous-catégories : elle reste une catégorie principale.'
                : undefined
            }
          >
            <option value="">Aucune (catégorie principale)</option>
            {parents.map((main) => (
              <option key={main.id} value={main.id}>
                {main.name} ({countLabel(main.subcategories.length, 'sous-catégorie')})
              </option>
            ))}
          </SelectField>
          {/* A disabled select sends nothing: the parent stays as it is. */}
          <ImageField
            id="category-image"
            name="image_main"
            label="Image principale"
            currentUrl={category?.image?.url}
            error={errors.image_main}
            previewClassName="aspect-[16/9] w-full max-w-xs"
          />
          <SortOrderField
            id="category-sort"
            defaultValue={String(category?.sort_order ?? 0)}
            error={errors.sort_order}
          />
          <VisibleInShopField
            id="category-active"
            label="Catégorie active"
            defaultChecked={category?.is_active ?? true}
          />
        </>
      )}
    </SaveFormDialog>
  );
}
