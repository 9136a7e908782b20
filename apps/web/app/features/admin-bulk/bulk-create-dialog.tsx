import { BULK_CATEGORY_REQUIRED, BULK_FAILURE, productsCreated } from '@souk/domain/admin-bulk';
import type { ParentChoice } from '@souk/domain/admin-catalog';
import { BULK_POLL_MS, BULK_PRODUCTS_MAX } from '@souk/domain/admin-limits';
import { IMAGE_ACCEPT } from '@souk/domain/uploads';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { CategoryOptions } from '~/components/ui/category-options';
import { Dialog } from '~/components/ui/dialog';
import { FormActions, FormBanner, SelectField } from '~/components/ui/form-fields';
import { fileInputClass, ShrinkingNotice, ShrunkNote } from '~/components/ui/image-field';
import { ProgressBar, percent } from '~/components/ui/progress-bar';
import { showToast } from '~/components/ui/toast';
import { browserApi } from '~/lib/api.client';
import { failureMessage } from '~/lib/api-client';
import { emptyVariantRow, type RowProblem, rowProblemsFromApi, type VariantRow } from '~/lib/draft-rows';
import { photosInPreparation, usePhotoPicks } from '~/lib/photo-uploads';
import { emptyProduct, type ProductDraft, problemText, rowPayload, rowProblems } from './bulk-rows';

const control =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700 aria-invalid:border-red-700';

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-stone-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/** 32 random hex digits (crypto.randomUUID exists only on https or localhost pages). */
function newBatchId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** What the screen shows while a batch goes: the upload, then the server's work on the images. */
type Progress = { phase: 'upload'; fraction: number } | { phase: 'server'; processed: number; total: number };

function ProductRow({
  product,
  index,
  problems,
  onChange,
  onImage,
  onRemove,
}: {
  product: ProductDraft;
  index: number;
  problems: readonly RowProblem[];
  onChange: (product: ProductDraft) => void;
  /** The row's image, once prepared: set on the row as it is then, not as it was when picked. */
  onImage: (image: File | null) => void;
  onRemove: (() => void) | undefined;
}) {
  const id = (field: string) => `bulk-${product.key}-${field}`;
  const invalid = (field: string) => (problems.some((p) => p.field === field) ? true : undefined);
  const [imageError, setImageError] = useState<string | undefined>();
  const [shrunkFrom, setShrunkFrom] = useState<number | null>(null);
  const { shrinking, prepare } = usePhotoPicks();
  const setVariant = (at: number, variant: VariantRow) =>
    onChange({ ...product, variants: product.variants.map((v, i) => (i === at ? variant : v)) });
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-800">Produit {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Labelled id={id('name')} label="Nom">
          <input
            id={id('name')}
            value={product.name}
            aria-invalid={invalid('name')}
            onChange={(event) => onChange({ ...product, name: event.currentTarget.value })}
            className={control}
          />
        </Labelled>
        <Labelled id={id('price')} label="Prix (FCFA)">
          <input
            id={id('price')}
            inputMode="numeric"
            placeholder="Ex. : 3 500"
            value={product.base_price}
            aria-invalid={invalid('base_price')}
            onChange={(event) => onChange({ ...product, base_price: event.currentTarget.value })}
            className={control}
          />
        </Labelled>
      </div>
      <Labelled id={id('description')} label="Description">
        <textarea
          id={id('description')}
          rows={2}
          value={product.description}
          aria-invalid={invalid('description')}
          onChange={(event) => onChange({ ...product, description: event.currentTarget.value })}
          className={control}
        />
      </Labelled>
      <Labelled id={id('image')} label="Image (obligatoire)">
        <input
          id={id('image')}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={invalid('image_main') ?? (imageError ? true : undefined)}
          aria-describedby={imageError ? `${id('image')}-error` : undefined}
          onChange={async (event) => {
            const input = event.currentTarget;
            const file = input.files?.[0] ?? null;
            setImageError(undefined);
            setShrunkFrom(null);
            onImage(null);
            const [photo] = (await prepare(file ? [file] : [])) ?? [];
            if (!file || !photo) return;
            // The row keeps what will be sent; a refused file leaves it without image, which the
            // wizard refuses to send ('image obligatoire'), so the product is never made without it.
            if ('problem' in photo) {
              setImageError(photo.problem);
              input.value = '';
              return;
            }
            if (photo.shrunk) setShrunkFrom(file.size);
            onImage(photo.file);
          }}
          className={fileInputClass}
        />
      </Labelled>
      {shrinking && <ShrinkingNotice />}
      {product.image && !imageError && (
        <p className="text-xs text-stone-600">Image choisie : {product.image.name}</p>
      )}
      {product.image && shrunkFrom !== null && <ShrunkNote from={shrunkFrom} to={product.image.size} />}
      {imageError && (
        <p id={`${id('image')}-error`} className="text-sm font-medium text-red-800">
          {imageError}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          checked={product.is_active}
          onChange={(event) => onChange({ ...product, is_active: event.currentTarget.checked })}
          className="h-5 w-5 accent-emerald-800"
        />
        Produit actif
      </label>
      {product.variants.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={`Variantes du produit ${index + 1}`}>
          {product.variants.map((variant, at) => {
            const vid = (field: string) => `bulk-${variant.key}-${field}`;
            const label = (field: string) => `${field} (variante ${at + 1})`;
            return (
              <li
                key={variant.key}
                className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[2fr_1fr_1fr_auto]"
              >
                <Labelled id={vid('name')} label={label('Nom')}>
                  <input
                    id={vid('name')}
                    value={variant.name}
                    aria-invalid={invalid(`variants.${at}.name`)}
                    onChange={(event) => setVariant(at, { ...variant, name: event.currentTarget.value })}
                    className={control}
                  />
                </Labelled>
                <Labelled id={vid('price')} label={label('Prix')}>
                  <input
                    id={vid('price')}
                    inputMode="numeric"
                    value={variant.price}
                    aria-invalid={invalid(`variants.${at}.price`)}
                    onChange={(event) => setVariant(at, { ...variant, price: event.currentTarget.value })}
                    className={control}
                  />
                </Labelled>
                <Labelled id={vid('stock')} label={label('Stock')}>
                  <input
                    id={vid('stock')}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    placeholder="Illimité"
                    value={variant.stock_quantity}
                    aria-invalid={invalid(`variants.${at}.stock_quantity`)}
                    onChange={(event) =>
                      setVariant(at, { ...variant, stock_quantity: event.currentTarget.value })
                    }
                    className={control}
                  />
                </Labelled>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Retirer la variante ${at + 1} du produit ${index + 1}`}
                  onClick={() =>
                    onChange({ ...product, variants: product.variants.filter((_, i) => i !== at) })
                  }
                >
                  Retirer
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Ajouter une variante au produit ${index + 1}`}
          onClick={() => onChange({ ...product, variants: [...product.variants, emptyVariantRow()] })}
        >
          Ajouter une variante
        </Button>
        {onRemove && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Retirer le produit ${index + 1}`}
            onClick={onRemove}
          >
            Retirer le produit
          </Button>
        )}
      </div>
    </fieldset>
  );
}

/**
 * 'Créer plusieurs produits': step 1 the category, step 2 the products (name, description,
 * price, image, optional variants); back to step 1 keeps the rows. Every problem is listed as
 * 'Produit N: …' before anything is sent; the server creates all the products or none. While it
 * works, the screen shows the upload, then how many images the server has processed.
 */
export function BulkCreateDialog({
  open,
  tree,
  onClose,
}: {
  open: boolean;
  tree: readonly ParentChoice[];
  onClose: () => void;
}) {
  const revalidator = useRevalidator();
  const [step, setStep] = useState<1 | 2>(1);
  const [categoryId, setCategoryId] = useState('');
  const [categoryError, setCategoryError] = useState<string | undefined>();
  const [products, setProducts] = useState<ProductDraft[]>(() => [emptyProduct()]);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const polling = useRef<ReturnType<typeof setInterval> | null>(null);
  const uploading = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (polling.current) clearInterval(polling.current);
      uploading.current?.abort();
    },
    [],
  );

  const category = tree
    .flatMap((main) => [main, ...main.subcategories])
    .find((c) => String(c.id) === categoryId);

  const show = (found: RowProblem[]) => {
    setProblems(found);
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const next = () => {
    if (!categoryId) {
      setCategoryError(BULK_CATEGORY_REQUIRED);
      return;
    }
    setCategoryError(undefined);
    setStep(2);
  };

  const submit = async () => {
    const found = rowProblems(products);
    if (found.length) return show(found);
    setProblems([]);
    const batchId = newBatchId();
    const body = new FormData();
    body.set('category_id', categoryId);
    body.set('batch_id', batchId);
    body.set('products', JSON.stringify(products.map(rowPayload)));
    for (const product of products) if (product.image) body.append('images', product.image);

    setProgress({ phase: 'upload', fraction: 0 });
    // Closing the wizard while the images are still being sent stops the upload (nothing is
    // created); once they are all sent, the server finishes the batch and the toast says so.
    const upload = new AbortController();
    uploading.current = upload;
    let settled = false;
    let result: Awaited<ReturnType<typeof browserApi.post<'/admin/products/batch'>>>;
    try {
      result = await browserApi.post('/admin/products/batch', {
        body,
        signal: upload.signal,
        onUploadProgress: (fraction) => {
          if (fraction < 1) return setProgress({ phase: 'upload', fraction });
          uploading.current = null;
          // Everything is sent: from now on the server's own count tells how far it got.
          setProgress({ phase: 'server', processed: 0, total: products.length });
          polling.current ??= setInterval(async () => {
            const state = await browserApi.get('/admin/products/batch/:batchId', { params: { batchId } });
            // A count that arrives after the answer must not bring the progress bar back.
            if (state.ok && !settled)
              setProgress({ phase: 'server', processed: state.data.processed, total: state.data.total });
          }, BULK_POLL_MS);
        },
      });
    } catch {
      return; // closed while sending: nothing was created, nothing to say
    } finally {
      settled = true;
      uploading.current = null;
      if (polling.current) clearInterval(polling.current);
      polling.current = null;
    }
    setProgress(null);
    if (result.ok) {
      showToast({
        message: result.message ?? productsCreated(result.data.count),
        tone: 'success',
      });
      revalidator.revalidate();
      onClose();
      return;
    }
    const fromApi = rowProblemsFromApi(result.errors, 'products');
    if (fromApi.some((p) => p.field === 'category_id')) setStep(1);
    show(
      fromApi.length ? fromApi : [{ row: -1, field: 'form', message: failureMessage(result, BULK_FAILURE) }],
    );
  };

  const busy = progress !== null;
  const preparing = photosInPreparation.use() > 0;
  return (
    <Dialog open={open} onClose={onClose} title="Créer plusieurs produits" size="lg" closeButton>
      <p className="text-sm text-stone-600">Étape {step} sur 2</p>
      <FormBanner
        bannerRef={alertRef}
        message={
          problems.length > 0 && (
            <ul className="list-inside list-disc">
              {problems.map((problem) => (
                <li key={`${problem.row}-${problem.field}`}>{problemText(problem)}</li>
              ))}
            </ul>
          )
        }
      />
      {step === 1 ? (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <SelectField
            id="bulk-category"
            name="category_id"
            label="Catégorie des nouveaux produits"
            value={categoryId}
            onChange={(event) => {
              setCategoryId(event.currentTarget.value);
              setCategoryError(undefined);
            }}
            error={categoryError}
          >
            <option value="">Sélectionnez une catégorie</option>
            <CategoryOptions tree={tree} />
          </SelectField>
          <FormActions onCancel={onClose} pending={false}>
            Suivant
          </FormActions>
        </form>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="text-sm text-stone-700">
            Catégorie : <span className="font-semibold text-stone-900">{category?.name}</span>
          </p>
          <ol className="flex flex-col gap-3">
            {products.map((product, index) => (
              <li key={product.key}>
                <ProductRow
                  product={product}
                  index={index}
                  problems={problems.filter((problem) => problem.row === index)}
                  onChange={(changed) =>
                    setProducts((current) => current.map((p, i) => (i === index ? changed : p)))
                  }
                  onImage={(image) =>
                    setProducts((current) =>
                      current.map((p) => (p.key === product.key ? { ...p, image } : p)),
                    )
                  }
                  onRemove={
                    products.length > 1
                      ? () => setProducts((current) => current.filter((_, i) => i !== index))
                      : undefined
                  }
                />
              </li>
            ))}
          </ol>
          <div>
            <Button
              variant="secondary"
              disabled={products.length >= BULK_PRODUCTS_MAX || busy}
              onClick={() => setProducts((current) => [...current, emptyProduct()])}
            >
              Ajouter un produit
            </Button>
          </div>
          {progress && (
            <div className="flex flex-col gap-1" role="status">
              <p className="text-sm text-stone-800">
                {progress.phase === 'upload'
                  ? `Envoi des images : ${percent(progress.fraction)}`
                  : `Traitement des images : ${progress.processed} / ${progress.total}`}
              </p>
              <ProgressBar
                label="Progression de la création"
                value={
                  progress.phase === 'upload'
                    ? progress.fraction
                    : progress.processed / Math.max(1, progress.total)
                }
              />
            </div>
          )}
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="secondary" disabled={busy} onClick={() => setStep(1)}>
              Précédent
            </Button>
            <FormActions onCancel={onClose} pending={busy} disabled={preparing}>
              {`Créer ${products.length} produit(s)`}
            </FormActions>
          </div>
        </form>
      )}
    </Dialog>
  );
}
