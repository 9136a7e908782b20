import type { AdminMediaItem } from '@souk/domain/admin-media';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ProgressBar, percent } from '~/components/ui/progress-bar';

/** A thumbnail that disappears when its file cannot be shown (a broken image is hidden). */
function Thumbnail({ item, label }: { item: AdminMediaItem; label: string }) {
  const [broken, setBroken] = useState(false);
  if (!item.image || broken) return <span className="h-20 w-20 shrink-0 rounded-xl bg-stone-100" />;
  return (
    <img
      // An image that failed before React listened (server-rendered) is caught here too.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0) setBroken(true);
      }}
      src={item.image.url}
      srcSet={item.image.srcset}
      sizes="80px"
      alt={item.alt_text || label}
      onError={() => setBroken(true)}
      className="h-20 w-20 shrink-0 rounded-xl border border-stone-200 object-cover"
    />
  );
}

/** 119.7 s → '2:00' (rounded first: the seconds alone would round up to '1:60'). */
function minutes(seconds: number) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The images in display order (the first is the main one): reordered by dragging, or with
 * 'Monter'/'Descendre' for keyboard and screen reader users (the focus follows the image moved and
 * its new place is announced); one chosen as the main image; each deleted after a question.
 */
export function ImageList({
  images,
  onReorder,
  onMakeMain,
  onDelete,
}: {
  images: readonly AdminMediaItem[];
  onReorder: (order: number[]) => void;
  onMakeMain: (item: AdminMediaItem) => void;
  onDelete: (item: AdminMediaItem) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const dragged = useRef<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const [focusAfter, setFocusAfter] = useState<{ id: number; action: 'up' | 'down' } | null>(null);

  // A moved row is taken out of the page and put back: its button loses focus, so give it back.
  useEffect(() => {
    if (!focusAfter) return;
    const row = listRef.current?.querySelector(`[data-media-id="${focusAfter.id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(
      `[data-action="${focusAfter.action}"]:not(:disabled)`,
    );
    (wanted ?? row?.querySelector<HTMLButtonElement>('[data-action]:not(:disabled)'))?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= images.length || from === to) return;
    const order = images.map((image) => image.id);
    const [id] = order.splice(from, 1);
    if (id === undefined) return;
    order.splice(to, 0, id);
    onReorder(order);
    setAnnounce(`Image déplacée en position ${to + 1} sur ${images.length}`);
    return id;
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = images.findIndex((image) => image.id === dragged.current);
    dragged.current = null;
    if (from >= 0) move(from, to);
  };

  return (
    <>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <ol ref={listRef} className="flex flex-col gap-2">
        {images.map((image, index) => {
          const label = `Image ${index + 1}`;
          return (
            <li
              key={image.id}
              data-media-id={image.id}
              draggable
              onDragStart={() => {
                dragged.current = image.id;
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              className="flex cursor-grab flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-2 active:cursor-grabbing"
            >
              <Thumbnail item={image} label={label} />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="text-sm font-semibold text-stone-900">
                  {label}
                  {image.is_main && (
                    <>
                      {' '}
                      <Badge tone="success">Principale</Badge>
                    </>
                  )}
                </p>
                {image.alt_text && <p className="truncate text-xs text-stone-600">{image.alt_text}</p>}
              </div>
              <div className="flex flex-wrap gap-1.5">
                <Button
                  size="sm"
                  variant="secondary"
                  data-action="up"
                  disabled={index === 0}
                  aria-label={`Monter l'image ${index + 1}`}
                  onClick={() => {
                    const id = move(index, index - 1);
                    if (id !== undefined) setFocusAfter({ id, action: 'up' });
                  }}
                >
                  Monter
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  data-action="down"
                  disabled={index === images.length - 1}
                  aria-label={`Descendre l'image ${index + 1}`}
                  onClick={() => {
                    const id = move(index, index + 1);
                    if (id !== undefined) setFocusAfter({ id, action: 'down' });
                  }}
                >
                  Descendre
                </Button>
                {!image.is_main && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Définir l'image ${index + 1} comme image principale`}
                    onClick={() => onMakeMain(image)}
                  >
                    Mettre en principale
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`Supprimer l'image ${index + 1}`}
                  onClick={() => onDelete(image)}
                >
                  Supprimer
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** Videos: each ready one playable here, a conversion under way with its progress, a failure with its reason. */
export function VideoList({
  videos,
  onDelete,
}: {
  videos: readonly AdminMediaItem[];
  onDelete: (item: AdminMediaItem) => void;
}) {
  return (
    <ol className="flex flex-col gap-2">
      {videos.map((video, index) => {
        const label = video.title || `Vidéo ${index + 1}`;
        return (
          <li
            key={video.id}
            className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 sm:flex-row sm:items-center"
          >
            {video.status === 'ready' && video.video_url ? (
              // biome-ignore lint/a11y/useMediaCaption: a product clip without speech; staff check it plays
              <video
                src={video.video_url}
                poster={video.image?.url}
                controls
                playsInline
                preload="none"
                aria-label={label}
                className="aspect-video w-full rounded-lg bg-stone-950 sm:w-48"
              />
            ) : (
              <Thumbnail item={video} label={label} />
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <p className="font-semibold text-stone-900">{label}</p>
              {video.status === 'processing' && (
                <>
                  <p className="text-stone-700">Conversion en cours… {percent(video.progress)}</p>
                  <ProgressBar value={video.progress} label={`Conversion de ${label}`} />
                </>
              )}
              {video.status === 'failed' && (
                <p className="font-medium text-red-800">
                  {video.error ?? 'La conversion de la vidéo a échoué'}
                </p>
              )}
              {video.status === 'ready' && video.duration_seconds !== null && (
                <p className="text-stone-600">Durée : {minutes(video.duration_seconds)}</p>
              )}
            </div>
            <Button
              size="sm"
              variant="danger"
              aria-label={`Supprimer ${label}`}
              onClick={() => onDelete(video)}
            >
              Supprimer
            </Button>
          </li>
        );
      })}
    </ol>
  );
}
