import {
  type AdminCategoryDetail,
  CreateCategoryInputSchema,
  type ParentChoice,
} from '@souk/domain/admin-catalog';
import { IMAGE_MAX_BYTES } from '@souk/domain/limits';
import { IMAGE_ACCEPT, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@souk/domain/uploads';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import {
  CheckboxField,
  FormBanner,
  NumberField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '~/components/ui/form-fields';
import { type ActionOutcome, useOutcomeToast } from '~/lib/action-outcome';
import { useFormErrors } from '~/lib/use-form-errors';

// The form checks with the API's own schema, less the image, which the browser checks by its size
// and type (the server decides from the bytes).
const CategoryFormSchema = CreateCategoryInputSchema.omit({ image_main: true });

/** The chosen picture, checked as soon as it is picked (spec §5). */
function useImageChoice() {
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    const problem = !file
      ? undefined
      : !file.type.startsWith('image/')
        ? IMAGE_TYPE_MESSAGE
        : file.size > IMAGE_MAX_BYTES
          ? IMAGE_TOO_LARGE_MESSAGE
          : undefined;
    setError(problem);
    // A refused file is not sent: the field is emptied and says why.
    if (problem) event.currentTarget.value = '';
    else if (file) setPreview(URL.createObjectURL(file));
  };
  return { preview, error, onChange };
}

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** Create or edit a category (spec): name, description, parent, image, sort order, active. */
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
  const fetcher = useFetcher<ActionOutcome>({ key: 'save-category' });
  const outcome = fetcher.data?.intent === 'save' ? fetcher.data : undefined;
  const failure = outcome && !outcome.ok ? outcome.failure : undefined;
  const { errors, message, bannerRef, formProps } = useFormErrors(CategoryFormSchema, failure);
  const image = useImageChoice();
  const pending = fetcher.state !== 'idle';
  useOutcomeToast(outcome, () => true);

  // Saved: the dialog closes (the list has already reloaded with the answer).
  useEffect(() => {
    if (fetcher.state === 'idle' && outcome?.ok) onClose();
  }, [fetcher.state, outcome, onClose]);

  const hasChildren = (category?.subcategories_count ?? 0) > 0;
  const parents = tree.filter((main) => main.id !== category?.id);
  const editing = category !== null;
  const formKey = editing ? `edit-${category.id}` : 'new';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? 'Modifier la catégorie' : 'Nouvelle catégorie'}
      size="md"
      closeButton
    >
      <fetcher.Form
        key={formKey}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-4"
        {...formProps}
      >
        <input type="hidden" name="intent" value="save" />
        {editing && <input type="hidden" name="id" value={category.id} />}
        <FormBanner message={message} bannerRef={bannerRef} />
        <TextField
          id="category-name"
          name="name"
          label="Nom de la catégorie"
          defaultValue={category?.name ?? ''}
          error={errors.name}
          maxLength={120}
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
              {main.name} ({plural(main.subcategories.length, 'sous-catégorie')})
            </option>
          ))}
        </SelectField>
        {/* A disabled select sends nothing: the parent stays as it is. */}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="category-image" className="text-sm font-semibold text-stone-800">
            Image principale <span className="font-normal text-stone-600">(facultatif)</span>
          </label>
          {(image.preview ?? category?.image?.url) && (
            <img
              src={image.preview ?? category?.image?.url}
              alt="Aperçu de l'image"
              className="aspect-[16/9] w-full max-w-xs rounded-xl border border-stone-200 object-cover"
            />
          )}
          <input
            id="category-image"
            type="file"
            name="image_main"
            accept={IMAGE_ACCEPT}
            onChange={image.onChange}
            aria-describedby="category-image-hint category-image-error"
            aria-invalid={image.error || errors.image_main ? true : undefined}
            className="text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-emerald-50 file:px-4 file:font-semibold file:text-emerald-900"
          />
          <p id="category-image-hint" className="text-sm text-stone-600">
            JPG, PNG, GIF ou WEBP, 5 Mo au plus.
          </p>
          {(image.error ?? errors.image_main) && (
            <p id="category-image-error" className="text-sm font-medium text-red-800">
              {image.error ?? errors.image_main}
            </p>
          )}
        </div>
        <NumberField
          id="category-sort"
          name="sort_order"
          label="Ordre d'affichage"
          defaultValue={String(category?.sort_order ?? 0)}
          error={errors.sort_order}
        />
        <CheckboxField
          id="category-active"
          name="is_active"
          label="Catégorie active (visible dans la boutique)"
          defaultChecked={category?.is_active ?? true}
          value="true"
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <div className="min-w-40">
            <SubmitButton pending={pending} pendingLabel="Enregistrement…">
              {editing ? 'Enregistrer' : 'Créer'}
            </SubmitButton>
          </div>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
