import type { AdminMediaItem, AdminProductMedia } from '@souk/domain/admin-media';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Dialog } from '~/components/ui/dialog';
import { ImageList, VideoList } from './media-lists';
import { MediaUploader } from './media-uploader';
import { useProductMedia } from './use-product-media';

function MediaManager({ loaded }: { loaded: AdminProductMedia }) {
  const { media, reorder, makeMain, remove } = useProductMedia(loaded);
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<AdminMediaItem | null>(null);
  const [pending, setPending] = useState(false);
  const empty = media.images.length === 0 && media.videos.length === 0;

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    await remove(deleting);
    setPending(false);
    setDeleting(null);
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm font-semibold text-stone-900">{media.product.name}</p>
      <MediaUploader
        productId={media.product.id}
        // The page's data, the manager's media with it, is read again (the list's thumbnail follows).
        onUploaded={() => revalidator.revalidate()}
      />
      {empty ? (
        <p className="rounded-2xl border border-dashed border-stone-300 bg-stone-50 px-4 py-6 text-center text-sm text-stone-700">
          Aucun média pour ce produit
        </p>
      ) : (
        <>
          <section className="flex flex-col gap-2" aria-labelledby="media-images-heading">
            <h3 id="media-images-heading" className="font-semibold text-stone-900">
              Images ({media.counters.images})
            </h3>
            {media.images.length > 0 ? (
              <ImageList
                images={media.images}
                onReorder={(order) => void reorder('image', order)}
                onMakeMain={(item) => void makeMain(item)}
                onDelete={setDeleting}
              />
            ) : (
              <p className="text-sm text-stone-600">Aucune image.</p>
            )}
          </section>
          <section className="flex flex-col gap-2" aria-labelledby="media-videos-heading">
            <h3 id="media-videos-heading" className="font-semibold text-stone-900">
              Vidéos ({media.counters.videos})
            </h3>
            {media.videos.length > 0 ? (
              <VideoList videos={media.videos} onDelete={setDeleting} />
            ) : (
              <p className="text-sm text-stone-600">Aucune vidéo.</p>
            )}
          </section>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.type === 'video' ? 'Supprimer la vidéo' : "Supprimer l'image"}
        message={
          deleting?.type === 'video'
            ? 'Êtes-vous sûr de vouloir supprimer cette vidéo ? Cette action est irréversible.'
            : 'Êtes-vous sûr de vouloir supprimer cette image ? Cette action est irréversible.'
        }
        confirmLabel="Supprimer"
        tone="danger"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        pending={pending}
      />
    </div>
  );
}

/**
 * The product media manager: upload images and videos with their progress, images and videos
 * listed apart with their counts, reorder, choose the main image, delete. Open while `media` is set.
 */
export function MediaManagerDialog({
  media,
  onClose,
}: {
  media: AdminProductMedia | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={media !== null} onClose={onClose} title="Images et vidéos du produit" size="lg" closeButton>
      {media && <MediaManager loaded={media} />}
    </Dialog>
  );
}
