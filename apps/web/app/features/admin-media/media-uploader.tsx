import { VIDEO_MAX_BYTES } from '@souk/domain/admin-limits';
import {
  isVideoFile,
  MEDIA_ACCEPT,
  MEDIA_TYPE_MESSAGE,
  mediaAdded,
  VIDEO_MAX_MEGABYTES,
  VIDEO_TOO_LARGE_MESSAGE,
} from '@souk/domain/admin-media';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { fileInputClass } from '~/components/ui/image-field';
import { ProgressBar, percent } from '~/components/ui/progress-bar';
import { showToast } from '~/components/ui/toast';
import { browserApi } from '~/lib/api.client';
import { failureMessage } from '~/lib/api-client';
import { newRowKey } from '~/lib/draft-rows';
import { preparePicture } from '~/lib/photo-uploads';

type Upload = {
  key: number;
  name: string;
  video: boolean;
  progress: number;
  state: 'waiting' | 'shrinking' | 'sending' | 'done' | 'refused';
  message?: string;
};

/**
 * Why a file cannot be sent (images JPG, PNG, GIF, WEBP; videos MP4, AVI, MOV up to
 * VIDEO_MAX_BYTES), or undefined; an image's size is dealt with when it is prepared (a large photo
 * is shrunk). The browser's word on the type is only a first check: the server reads the bytes.
 */
function fileProblem(file: File): string | undefined {
  if (isVideoFile(file)) return file.size > VIDEO_MAX_BYTES ? VIDEO_TOO_LARGE_MESSAGE : undefined;
  if (!file.type.startsWith('image/')) return MEDIA_TYPE_MESSAGE;
  return undefined;
}

/** What a file being dealt with shows: 'Réduction de la photo…', 'Envoi de la photo… 45 %'. */
function stateText(upload: Upload): string {
  if (upload.state === 'waiting') return 'En attente';
  if (upload.state === 'shrinking') return 'Réduction de la photo…';
  if (upload.state === 'done') return 'Envoyé';
  if (upload.state === 'refused') return 'Refusé';
  return `${upload.video ? 'Envoi de la vidéo' : 'Envoi de la photo'}… ${percent(upload.progress)}`;
}

/**
 * Drag and drop, or the picker, for images and videos. Each file goes up on its own request, one
 * after the other, with a real progress bar (XMLHttpRequest's upload events); a large photo is
 * shrunk first, in its turn (lib/shrink-photo); the list is read again after each one. A refused
 * file says why and the others carry on.
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
      const { key } = next;
      let { file } = next;
      if (!isVideoFile(file)) {
        const photo = await preparePicture(file, () => update(key, { state: 'shrinking' }));
        if (closed.current.signal.aborted) {
          busy.current = false;
          return; // the manager was closed
        }
        if ('problem' in photo) {
          update(key, { state: 'refused', message: photo.problem });
          continue;
        }
        file = photo.file;
      }
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
    // Each file went alone, so one toast for all of them: the API's count once there are several.
    if (sent > 0) showToast({ message: sent > 1 ? mediaAdded(sent) : 'Média ajouté', tone: 'success' });
  };

  const add = (files: readonly File[]) => {
    const added: Upload[] = files.map((file) => {
      const problem = fileProblem(file);
      const key = newRowKey();
      if (!problem) queue.current.push({ key, file });
      const video = isVideoFile(file);
      return problem
        ? { key, name: file.name, video, progress: 0, state: 'refused', message: problem }
        : { key, name: file.name, video, progress: 0, state: 'waiting' };
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
        {/* A phone has nothing to drag from: it is told to touch. Chosen by CSS (pointer: coarse),
            so the page arrives with the right words; the other sentence is display: none, so a
            screen reader reads only the one shown. */}
        <p className="text-sm font-semibold text-stone-800 pointer-coarse:hidden">
          Glissez-déposez vos images et vidéos ici
        </p>
        <p className="hidden text-sm font-semibold text-stone-800 pointer-coarse:block">
          Touchez pour choisir une photo
        </p>
        <p className="text-sm text-stone-600 pointer-coarse:hidden">ou</p>
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
          Images JPG, PNG, GIF, WEBP (une grande photo est réduite avant l'envoi) ; vidéos MP4, AVI, MOV (
          {VIDEO_MAX_MEGABYTES} Mo au plus, converties au besoin pour être lues sur tous les téléphones).
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
                <span className="shrink-0 text-stone-600">{stateText(upload)}</span>
              </div>
              {upload.state === 'shrinking' && <ProgressBar label={`Réduction de ${upload.name}`} />}
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
