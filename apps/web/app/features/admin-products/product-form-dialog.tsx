import {
  type AdminProductDetail,
  CreateProductInputSchema,
  type ParentChoice,
} from '@souk/domain/admin-catalog';
import { PRODUCT_IMAGES_MAX } from '@souk/domain/admin-limits';
import { IMAGE_ACCEPT } from '@souk/domain/uploads';
import { type ChangeEvent, useState } from 'react';
import { CategoryOptions } from '~/components/ui/category-options';
import { PriceField, SelectField, TextAreaField, TextField } from '~/components/ui/form-fields';
import { fileInputClass, ImageField, ShrinkingNotice, usePreviews } from '~/components/ui/image-field';
import { SortOrderField, VisibleInShopField } from '~/components/ui/record-fields';
import { SaveFormDialog } from '~/components/ui/save-form-dialog';
import { replaceFiles, usePhotoPicks } from '~/lib/photo-uploads';

// The form checks with the API's own schema, less the images, which the browser prepares (shrunk
// when too large) and checks by their type (the server decides from the bytes).
const ProductFormSchema = CreateProductInputSchema.omit({ image_main: true, images: true });

/**
 * Additional images: each is prepared as it is picked (a large photo shrunk); a file that
 * is not an image, or cannot be brought under 5 MB, is silently left out, and PRODUCT_IMAGES_MAX
 * at most are kept; the input then holds only what will be sent.
 */
function AdditionalImagesField({ error }: { error?: string }) {
  const [files, setFiles] = useState<File[]>([]);
  const previews = usePreviews(files);
  const { shrinking, prepare } = usePhotoPicks();
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const picked = Array.from(input.files ?? []);
    setFiles([]);
    const prepared = await prepare(picked, PRODUCT_IMAGES_MAX);
    if (!prepared) return;
    const kept = prepared.flatMap((photo) => ('file' in photo ? [photo.file] : []));
    if (kept.length !== picked.length || kept.some((file, i) => file !== picked[i]))
      replaceFiles(input, kept);
    setFiles(kept);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="product-images" className="text-sm font-semibold text-stone-800">
        Images supplémentaires <span className="font-normal text-stone-600">(facultatif)</span>
      </label>
      <input
        id="product-images"
        type="file"
        name="images"
        multiple
        accept={IMAGE_ACCEPT}
        onChange={onChange}
        aria-describedby="product-images-hint product-images-error"
        aria-invalid={error ? true : undefined}
        className={fileInputClass}
      />
      <p id="product-images-hint" className="text-sm text-stone-600">
        {PRODUCT_IMAGES_MAX} images au plus : JPG, PNG, GIF ou WEBP. Une grande photo est réduite avant
        l'envoi.
      </p>
      {shrinking && <ShrinkingNotice />}
      {previews.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {previews.map((url, index) => (
            <li key={url}>
              <img
                src={url}
                alt={`Aperçu de l'image supplémentaire ${index + 1}`}
                className="h-20 w-20 rounded-lg border border-stone-200 object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="product-images-error" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The pictures the product already has, the main one first. */
function CurrentImages({ product }: { product: AdminProductDetail }) {
  if (product.images.length === 0) return null;
  return (
    <section aria-labelledby="product-current-images" className="flex flex-col gap-2">
      <h3 id="product-current-images" className="text-sm font-semibold text-stone-800">
        Images actuelles ({product.images.length})
      </h3>
      <ul className="flex flex-wrap gap-2">
        {product.images.map((image) => (
          <li key={image.id}>
            <img
              src={image.url}
              srcSet={image.srcset}
              sizes="80px"
              alt={image.alt}
              width={image.width}
              height={image.height}
              className="h-20 w-20 rounded-lg border border-stone-200 object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

// The browser checks a picture's type and size itself, with the field's messages; what the server
// still refuses is a picture it could not process, worded as below.
const MAIN_IMAGE_FAILED = "Erreur lors du traitement de l'image principale";
const IMAGES_FAILED = 'Erreur lors du traitement des images supplémentaires';

/** The server's word on the main image, if any. */
const mainImageError = (errors: Record<string, string>) =>
  errors.image_main && `${MAIN_IMAGE_FAILED}: ${errors.image_main}`;

/** The first server message about the additional images ('images' or 'images.N'). */
function imagesError(errors: Record<string, string>) {
  const message = Object.entries(errors).find(
    ([field]) => field === 'images' || field.startsWith('images.'),
  )?.[1];
  return message && `${IMAGES_FAILED}: ${message}`;
}

/**
 * Create or edit a product: name, description, base price, category (two levels), sort
 * order, active, main image and additional images.
 */
export function ProductFormDialog({
  open,
  product,
  tree,
  onClose,
}: {
  open: boolean;
  /** The product edited; null to create one. */
  product: AdminProductDetail | null;
  tree: readonly ParentChoice[];
  onClose: () => void;
}) {
  return (
    <SaveFormDialog
      fetcherKey="save-product"
      schema={ProductFormSchema}
      title={product ? 'Modifier le produit' : 'Nouveau produit'}
      open={open}
      onClose={onClose}
      id={product?.id}
      size="lg"
    >
      {(errors) => (
        <>
          <TextField
            id="product-name"
            name="name"
            label="Nom du produit"
            defaultValue={product?.name ?? ''}
            error={errors.name}
            autoComplete="off"
          />
          <TextAreaField
            id="product-description"
            name="description"
            label="Description"
            defaultValue={product?.description ?? ''}
            error={errors.description}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PriceField
              id="product-price"
              name="base_price"
              label="Prix de base (FCFA)"
              defaultValue={product ? String(product.base_price) : ''}
              error={errors.base_price}
            />
            <SelectField
              id="product-category"
              name="category_id"
              label="Catégorie"
              placeholder="Choisissez une catégorie"
              defaultValue={product ? String(product.category_id) : ''}
              error={errors.category_id}
            >
              <CategoryOptions tree={tree} />
            </SelectField>
          </div>
          <SortOrderField
            id="product-sort"
            defaultValue={String(product?.sort_order ?? 0)}
            error={errors.sort_order}
          />
          <VisibleInShopField
            id="product-active"
            label="Produit actif"
            defaultChecked={product?.is_active ?? true}
          />
          <ImageField
            id="product-image"
            name="image_main"
            label="Image principale"
            currentUrl={product?.image?.url}
            error={mainImageError(errors)}
            previewClassName="aspect-square w-32"
          />
          <AdditionalImagesField error={imagesError(errors)} />
          {product && <CurrentImages product={product} />}
        </>
      )}
    </SaveFormDialog>
  );
}
