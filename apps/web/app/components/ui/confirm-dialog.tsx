import { type ReactNode, useId } from 'react';
import { Button, type ButtonVariant } from './button';
import { Dialog } from './dialog';

export type ConfirmTone = 'danger' | 'primary' | 'success';

// 'success' confirms a step forward (e.g. an order made available): the shop's green, like primary.
const CONFIRM_VARIANTS: Record<ConfirmTone, ButtonVariant> = {
  danger: 'danger',
  primary: 'primary',
  success: 'primary',
};

/**
 * A question that needs an answer before anything happens (delete, cancel an order, change a
 * status). An alertdialog: the message is read with the title, and 'Annuler' comes first so the
 * focus lands on the harmless choice. While `pending`, both buttons wait for the answer.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Annuler',
  tone = 'primary',
  onConfirm,
  onCancel,
  pending = false,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
}) {
  const messageId = useId();
  return (
    <Dialog open={open} onClose={onCancel} title={title} role="alertdialog" describedBy={messageId}>
      <div id={messageId} className="text-sm text-stone-700">
        {message}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={CONFIRM_VARIANTS[tone]} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The question before a delete: it names what goes — `noun` is 'la catégorie', 'le
 * produit'… — and says it cannot be undone. Open while the deletion has a target.
 */
export function ConfirmDeletion({
  deletion,
  noun,
}: {
  /** The deletion waiting for its yes (useConfirmedAction's), its target named by `name`. */
  deletion: {
    target: { name: string } | null;
    confirm: () => void;
    cancel: () => void;
    pending: boolean;
  };
  noun: string;
}) {
  const { target, confirm: onConfirm, cancel: onCancel, pending } = deletion;
  return (
    <ConfirmDialog
      open={target !== null}
      title={`Supprimer ${noun}`}
      message={
        target
          ? `Êtes-vous sûr de vouloir supprimer ${noun} « ${target.name} » ? Cette action est irréversible.`
          : ''
      }
      confirmLabel="Supprimer"
      tone="danger"
      onConfirm={onConfirm}
      onCancel={onCancel}
      pending={pending}
    />
  );
}
