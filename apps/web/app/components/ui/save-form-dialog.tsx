import type { ReactNode } from 'react';
import { formUploadProgress, photosInPreparation } from '~/lib/photo-uploads';
import { useSaveForm } from '~/lib/use-form';
import { Dialog } from './dialog';
import { FormActions, FormBanner } from './form-fields';
import { UploadProgress } from './image-field';

/**
 * A create/edit form in a dialog, posted to the page's action with the intent 'save' (and the `id`
 * of the row edited): the schema checks it first, the action's field errors come back under the
 * fields (`children` gets them), a general one in the banner; once saved, a toast and `onClose`.
 * A photo being shrunk holds the submit; one being sent shows how far it got (the page's
 * clientAction sends it: lib/photo-upload-action).
 */
export function SaveFormDialog({
  fetcherKey,
  schema,
  title,
  open,
  onClose,
  id,
  size,
  intent = 'save',
  hidden = {},
  submitDisabled = false,
  updateLabel = 'Enregistrer',
  children,
}: {
  fetcherKey: string;
  schema: Parameters<typeof useSaveForm>[1];
  title: string;
  open: boolean;
  onClose: () => void;
  /** The row edited; none to create one. */
  id: number | undefined;
  size: 'md' | 'lg';
  /** The page action's intent ('save' unless the page has several forms). */
  intent?: string;
  /** More fields the action needs (the product a variant belongs to). */
  hidden?: Record<string, string | number>;
  /** Keeps the submit disabled while the form cannot make sense (e.g. a variant without name or price). */
  submitDisabled?: boolean;
  /** The submit's word when editing (the banner form says 'Mettre à jour'). */
  updateLabel?: string;
  children: (errors: Record<string, string>) => ReactNode;
}) {
  const { Form, pending, errors, message, bannerRef, formProps } = useSaveForm(
    fetcherKey,
    schema,
    onClose,
    intent,
  );
  const preparing = photosInPreparation.use() > 0;
  const uploaded = formUploadProgress.use();
  return (
    <Dialog open={open} onClose={onClose} title={title} size={size} closeButton>
      <Form
        key={id ?? 'new'}
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-4"
        {...formProps}
      >
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {id !== undefined && <input type="hidden" name="id" value={id} />}
        <FormBanner message={message} bannerRef={bannerRef} />
        {children(errors)}
        {pending && uploaded !== null && <UploadProgress value={uploaded} />}
        <FormActions onCancel={onClose} pending={pending} disabled={submitDisabled || preparing}>
          {id !== undefined ? updateLabel : 'Créer'}
        </FormActions>
      </Form>
    </Dialog>
  );
}
