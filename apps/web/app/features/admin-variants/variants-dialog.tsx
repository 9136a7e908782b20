import type { AdminVariantList } from '@souk/domain/admin-variants';
import type { Variant } from '@souk/domain/catalog';
import { formatFcfa } from '@souk/domain/money';
import { countLabel } from '@souk/domain/text';
import { useState } from 'react';
import { ActiveToggle, useToggledActive } from '~/components/ui/active-toggle';
import { ActiveBadge, Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Dialog } from '~/components/ui/dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { useConfirmedAction } from '~/lib/use-form';
import { StockBadge } from './stock-badge';
import { VariantBatchDialog } from './variant-batch-dialog';
import { VariantFormDialog } from './variant-form-dialog';

type Editing = { variant: Variant | null } | null;

function VariantCard({
  variant,
  onEdit,
  onDelete,
}: {
  variant: Variant;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // The badge follows the toggle (an update with is_active flipped) before the answer.
  const toggleKey = `variant-toggle-${variant.id}`;
  const active = useToggledActive(toggleKey, variant.is_active);
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto font-semibold text-stone-900">{variant.name}</h3>
        <ActiveBadge active={active} />
        <StockBadge variant={variant} />
        {variant.sku && <Badge tone="info">{variant.sku}</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-stone-600">Prix</dt>
          <dd className="font-semibold whitespace-nowrap text-stone-900">{formatFcfa(variant.price)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Stock</dt>
          <dd className="text-stone-900">{variant.stock_quantity ?? 'Illimité'}</dd>
        </div>
        <div>
          <dt className="text-stone-600">SKU</dt>
          <dd className="break-all text-stone-900">{variant.sku ?? 'Non défini'}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Ordre</dt>
          <dd className="text-stone-900">{variant.sort_order}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Modifier ${variant.name}`}>
          Modifier
        </Button>
        <ActiveToggle
          fetcherKey={toggleKey}
          intent="variant-toggle"
          fields={{ product_id: variant.product_id, id: variant.id }}
          name={variant.name}
          active={variant.is_active}
        />
        <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Supprimer ${variant.name}`}>
          Supprimer
        </Button>
      </div>
    </article>
  );
}

/**
 * 'Gestion des variantes' of one product: how many are configured and active, each variant
 * with its badges, add one, create several at once, edit, toggle, delete. Open while `list` is set.
 */
export function VariantsDialog({ list, onClose }: { list: AdminVariantList | null; onClose: () => void }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [batching, setBatching] = useState(false);
  const deletion = useConfirmedAction('variant-delete', (variant: Variant) => ({
    intent: 'variant-delete',
    product_id: String(variant.product_id),
    id: String(variant.id),
  }));
  const productId = list?.product.id ?? 0;
  const add = () => setEditing({ variant: null });

  return (
    <>
      <Dialog open={list !== null} onClose={onClose} title="Gestion des variantes" size="lg" closeButton>
        {list && (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-stone-700">
              <span className="font-semibold text-stone-900">{list.product.name}</span> — prix de base{' '}
              {formatFcfa(list.product.base_price)}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <p className="mr-auto text-sm text-stone-700" role="status">
                {countLabel(list.counters.total, 'variante configurée', 'variantes configurées')},{' '}
                {countLabel(list.counters.active, 'active', 'actives')}
              </p>
              <Button size="sm" variant="secondary" onClick={() => setBatching(true)}>
                Créer plusieurs variantes
              </Button>
              <Button size="sm" onClick={add}>
                Ajouter une variante
              </Button>
            </div>
            {list.variants.length === 0 ? (
              <EmptyState
                title="Aucune variante configurée"
                headingLevel={3}
                action={<Button onClick={add}>Créer la première variante</Button>}
              >
                Ce produit se vend à son prix de base. Ajoutez des variantes (contenances, parfums…) pour
                proposer plusieurs choix.
              </EmptyState>
            ) : (
              <ul className="flex flex-col gap-3">
                {list.variants.map((variant) => (
                  <li key={variant.id}>
                    <VariantCard
                      variant={variant}
                      onEdit={() => setEditing({ variant })}
                      onDelete={() => deletion.ask(variant)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Dialog>
      <VariantFormDialog
        key={editing ? (editing.variant?.id ?? 'new') : 'closed'}
        productId={productId}
        variant={editing?.variant ?? null}
        open={list !== null && editing !== null}
        onClose={() => setEditing(null)}
      />
      <VariantBatchDialog
        key={batching ? 'open' : 'closed'}
        productId={productId}
        open={list !== null && batching}
        onClose={() => setBatching(false)}
      />
      <ConfirmDialog
        open={deletion.target !== null}
        title={
          deletion.target ? `Supprimer la variante « ${deletion.target.name} »` : 'Supprimer la variante'
        }
        message="Êtes-vous sûr de vouloir supprimer cette variante ? Cette action est irréversible."
        confirmLabel="Supprimer"
        tone="danger"
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
        pending={deletion.pending}
      />
    </>
  );
}
