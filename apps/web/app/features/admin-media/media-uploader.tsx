import { VIDEO_MAX_BYTES } from '@souk/domain/admin-limits';
import {
  isVideoFile,
  MEDIA_ACCEPT,
  MEDIA_TYPE_MESSAGE,
  VIDEO_MAX_MEGABYTES,
  VIDEO_TOO_LARGE_MESSAGE,
} from '@souk/domain/admin-media';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { fileInputClass, imageProblem } from '~/components/ui/image-field';
import { ProgressBar, percent } from '~/components/ui/progress-bar';
import { showToast } from '~/components/ui/toast';
import { browserApi } from '~/lib/api.client';
import { failureMessage } from '~/lib/api-client';
import { newRowKey } from '~/lib/draft-rows';

type Upload = {
  key: number;
  name: string;
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'refused';
  message?: string;
};

/**
 * Why a file cannot be sent (spec: images JPG, PNG, GIF, WEBP up to 5 MB; videos MP4, AVI, MOV), or
 * undefined. The browser's word on the type is only a first check: the server reads the bytes.
 */
function fileProblem(file: File): string | undefined {
  if (isVideoFile(file)) return file.size > VIDEO_MAX_BYTES ? VIDEO_TOO_LARGE_MESSAGE : undefined;
  if (!file.type.startsWith('image/')) return MEDIA_TYPE_MESSAGE;
  return imageProblem(file);
}

/**
 * Drag and drop, or the picker, for images and videos. Each file goes up on its own request, one
 * after the other, with a real progress bar (XMLHttpRequest's upload events); the list is read again
 * after each one. A refused file says why and the others carry on.
 */
export function MediaUploader({ productId, onUploaded }: { productId: number; onUploaded: () => void }) {
  const inputId = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const busy = useRef(false);
  const queue = useRef<{ key: number; file: File }[]>([]);
  // Closing the manager stops the file being sent and drops the ones waiting.
  const closed = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    closed.current = controller;
    return () => {
      controller.abort();
      queue.current = [];
    };
  }, []);

  const update = (key: number, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );

  const sendNext = async () => {
    if (busy.current) return;
    busy.current = true;
    let sent = 0;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key, file } = next;
      update(key, { state: 'sending' });
      const body = new FormData();
      body.append('media_files', file);
      let result: Awaited<ReturnType<typeof browserApi.post<'/admin/products/:id/images'>>>;
      try {
        result = await browserApi.post('/admin/products/:id/images', {
          params: { id: productId },
          body,
          signal: closed.current.signal,
          onUploadProgress: (fraction) => update(key, { progress: fraction }),
        });
      } catch {
        busy.current = false;
        return; // the manager was closed
      }
      if (result.ok) {
        sent += 1;
        update(key, { state: 'done', progress: 1 });
        onUploaded();
      } else {
        const reason = Object.values(result.errors ?? {})[0]?.[0];
        update(key, {
          state: 'refused',
          message: reason ?? failureMessage(result, "Erreur lors de l'upload des images"),
        });
      }
    }
    busy.current = false;
    if (sent > 0)
      showToast({ message: sent > 1 ? `${sent} médias ajoutés` : 'Média ajouté', tone: 'success' });
  };

  const add = (files: readonly File[]) => {
    const added: Upload[] = files.map((file) => {
      const problem = fileProblem(file);
      const key = newRowKey();
      if (!problem) queue.current.push({ key, file });
      return problem
        ? { key, name: file.name, progress: 0, state: 'refused', message: problem }
        : { key, name: file.name, progress: 0, state: 'waiting' };
    });
    setUploads((current) => [...current.filter((upload) => upload.state !== 'done'), ...added]);
    void sendNext();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop area's keyboard equivalent is the file input inside it */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed p-5 text-center transition ${
          dragging ? 'border-emerald-700 bg-emerald-50' : 'border-stone-300 bg-stone-50'
        }`}
      >
        <p className="text-sm font-semibold text-stone-800">Glissez-déposez vos images et vidéos ici</p>
        <p className="text-sm text-stone-600">ou</p>
        <label htmlFor={inputId} className="text-sm font-semibold text-stone-800">
          Choisir des fichiers
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            const input = event.currentTarget;
            add(Array.from(input.files ?? []));
            input.value = '';
          }}
          className={fileInputClass}
        />
        <p id={`${inputId}-hint`} className="text-xs text-stone-600">
          Images JPG, PNG, GIF, WEBP (5 Mo au plus) ; vidéos MP4, AVI, MOV ({VIDEO_MAX_MEGABYTES} Mo au plus,
          converties au besoin pour être lues sur tous les téléphones).
        </p>
      </div>
      {uploads.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Envois">
          {uploads.map((upload) => (
            <li
              key={upload.key}
              className="flex flex-col gap-1 rounded-xl border border-stone-200 p-3 text-sm"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium text-stone-900">{upload.name}</span>
                <span className="shrink-0 text-stone-600">
                  {upload.state === 'waiting'
                    ? 'En attente'
                    : upload.state === 'sending'
                      ? percent(upload.progress)
                      : upload.state === 'done'
                        ? 'Envoyé'
                        : 'Refusé'}
                </span>
              </div>
              {(upload.state === 'sending' || upload.state === 'waiting') && (
                <ProgressBar value={upload.progress} label={`Envoi de ${upload.name}`} />
              )}
              {upload.state === 'refused' && (
                <p role="alert" className="font-medium text-red-800">
                  {upload.message}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
