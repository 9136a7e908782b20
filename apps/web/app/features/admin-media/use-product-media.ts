import { MEDIA_POLL_MS } from '@souk/domain/admin-limits';
import type { AdminMediaItem, AdminProductMedia } from '@souk/domain/admin-media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { showToast } from '~/components/ui/toast';
import { browserApi } from '~/lib/api.client';
import { type ApiResult, failureMessage } from '~/lib/api-client';

/**
 * The media of one product as the manager shows them: what the page loaded, then what the API
 * answers after each change, read again every MEDIA_POLL_MS while a video is being converted. A
 * change also reloads the page's data (the list's thumbnail follows the main image).
 */
export function useProductMedia(loaded: AdminProductMedia) {
  const [media, setMedia] = useState(loaded);
  const revalidator = useRevalidator();
  const productId = loaded.product.id;

  useEffect(() => setMedia(loaded), [loaded]);

  const refresh = useCallback(async () => {
    const result = await browserApi.get('/admin/products/:id/images', { params: { id: productId } });
    if (result.ok) setMedia(result.data);
    return result;
  }, [productId]);

  const converting = media.videos.some((video) => video.status === 'processing');
  useEffect(() => {
    if (!converting) return;
    const timer = setInterval(() => void refresh(), MEDIA_POLL_MS);
    return () => clearInterval(timer);
  }, [converting, refresh]);

  // A conversion that ends (ready or failed) changes what the shop shows: the page reads it again.
  const wasConverting = useRef(converting);
  useEffect(() => {
    if (wasConverting.current && !converting) revalidator.revalidate();
    wasConverting.current = converting;
  }, [converting, revalidator]);

  /**
   * Runs a write; on success the page's data is read again (the manager's media with it, and the
   * list's thumbnail), on failure a toast says why and the media are read again.
   */
  const write = useCallback(
    async <T>(run: () => Promise<ApiResult<T>>, failure: string, success?: (data: T) => void) => {
      const result = await run();
      if (!result.ok) {
        showToast({ message: failureMessage(result, failure), tone: 'error' });
        await refresh();
        return false;
      }
      success?.(result.data);
      if (result.message) showToast({ message: result.message, tone: 'success' });
      revalidator.revalidate();
      return true;
    },
    [refresh, revalidator],
  );

  const reorder = useCallback(
    (type: AdminMediaItem['type'], order: readonly number[]) => {
      // The new order shows at once; the API's answer then stands.
      setMedia((current) => {
        const key = type === 'image' ? 'images' : 'videos';
        const byId = new Map(current[key].map((item) => [item.id, item]));
        const items = order.flatMap((id) => byId.get(id) ?? []);
        return { ...current, [key]: items.map((item, i) => ({ ...item, sort_order: i })) };
      });
      return write(
        () =>
          browserApi.post('/admin/products/:id/images/reorder', {
            params: { id: productId },
            body: { image_order: [...order] },
          }),
        "Erreur lors de la modification de l'ordre des images",
        setMedia,
      );
    },
    [productId, write],
  );

  const makeMain = useCallback(
    (item: AdminMediaItem) =>
      write(
        () =>
          browserApi.put('/admin/products/:id/images/:imageId', {
            params: { id: productId, imageId: item.id },
            body: { is_main: true },
          }),
        "Erreur lors du choix de l'image principale",
      ),
    [productId, write],
  );

  const remove = useCallback(
    (item: AdminMediaItem) =>
      write(
        () =>
          browserApi.delete('/admin/products/:id/images/:imageId', {
            params: { id: productId, imageId: item.id },
          }),
        "Erreur lors de la suppression de l'image",
      ),
    [productId, write],
  );

  return { media, refresh, reorder, makeMain, remove };
}
