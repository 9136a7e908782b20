import type { ImageRef, VideoRef } from '@souk/domain/catalog';
import { SWIPE_THRESHOLD_PX } from '@souk/domain/limits';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { PlayIcon } from '~/components/ui/page-icons';
import { ResponsiveImage } from '~/components/ui/responsive-image';
import { IMAGE_SLOTS, posterUrl } from '~/lib/image-sizing';
import { useSaveData } from '~/lib/shop-layout-data';

const arrowButton =
  'absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow ring-1 ring-stone-200 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
      <path
        d={
          direction === 'left'
            ? 'M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z'
            : 'M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z'
        }
      />
    </svg>
  );
}

type Slide = { kind: 'image'; image: ImageRef } | { kind: 'video'; video: VideoRef };
const slideKey = (slide: Slide) =>
  `${slide.kind}-${slide.kind === 'image' ? slide.image.id : slide.video.id}`;

/**
 * A product video: nothing is downloaded until the customer presses play (preload none: a phone on
 * a slow network pays only for what it watches); its poster stands in until then. A video that
 * leaves the screen pauses.
 */
function GalleryVideo({ video, current, name }: { video: VideoRef; current: boolean; name: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  // The poster is one URL: under Save-Data, the 1× file of the main picture's place.
  const saveData = useSaveData();
  useEffect(() => {
    if (!current) ref.current?.pause();
  }, [current]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: product clips have no speech to caption (music at most)
    <video
      ref={ref}
      src={video.url}
      poster={video.poster ? posterUrl(video.poster, IMAGE_SLOTS.productMain, saveData) : undefined}
      controls
      playsInline
      preload="none"
      aria-label={video.title || `Vidéo de ${video.alt || name}`}
      className="h-full w-full bg-stone-950 object-contain"
    />
  );
}

/** A thumbnail: the picture, or a video's poster with a play mark. */
function Thumbnail({ slide }: { slide: Slide }) {
  if (slide.kind === 'image')
    return (
      <ResponsiveImage
        image={slide.image}
        alt=""
        {...IMAGE_SLOTS.thumbnail}
        className="h-full w-full object-cover"
      />
    );
  return (
    <span className="relative block h-full w-full bg-stone-800">
      {slide.video.poster && (
        <ResponsiveImage
          image={slide.video.poster}
          alt=""
          {...IMAGE_SLOTS.thumbnail}
          className="h-full w-full object-cover"
        />
      )}
      <span className="absolute inset-0 flex items-center justify-center text-white">
        <PlayIcon className="h-6 w-6 drop-shadow" />
      </span>
    </span>
  );
}

/**
 * Product pictures, then videos: square box (no layout shift), first image eager with high
 * priority, previous/next that wrap, dots, thumbnails, 'i / n' counter, swipe and arrow keys.
 */
export function ProductGallery({
  images,
  videos = [],
  name,
}: {
  images: ImageRef[];
  videos?: VideoRef[];
  name: string;
}) {
  const [index, setIndex] = useState(0);
  const touchStartX = useRef<number | null>(null);
  const slides: Slide[] = [
    ...images.map((image) => ({ kind: 'image' as const, image })),
    ...videos.map((video) => ({ kind: 'video' as const, video })),
  ];
  const count = slides.length;
  const what = (i: number) => (slides[i]?.kind === 'video' ? 'Vidéo' : 'Image');
  const many = count > 1;

  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    // A video's own controls use the arrows to seek.
    if (!many || (event.target as HTMLElement).closest('video')) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    }
  };

  if (count === 0) {
    return (
      <div className="aspect-square overflow-hidden rounded-3xl bg-stone-100">
        <ResponsiveImage
          image={null}
          alt={name}
          {...IMAGE_SLOTS.productMain}
          className="h-full w-full object-cover"
          priority
        />
      </div>
    );
  }

  return (
    <section
      aria-label={`Images de ${name}`}
      aria-roledescription="galerie"
      className="flex flex-col gap-3"
      onKeyDown={onKeyDown}
    >
      <div className="relative aspect-square overflow-hidden rounded-3xl bg-stone-100">
        {/* biome-ignore lint/a11y/useSemanticElements: a swipe area, not a form: <fieldset> would be wrong */}
        <div
          // Focusable so keyboard users can use the arrow keys without reaching for the buttons.
          role="group"
          tabIndex={many ? 0 : undefined}
          aria-label={
            many
              ? `${what(index)} ${index + 1} sur ${count}, flèches gauche et droite pour changer`
              : undefined
          }
          className="h-full w-full touch-pan-y focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-emerald-800"
          onTouchStart={(event) => {
            // A finger on a video's controls scrubs it: no swipe.
            if ((event.target as HTMLElement).closest('video')) return;
            touchStartX.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={(event) => {
            const start = touchStartX.current;
            touchStartX.current = null;
            const end = event.changedTouches[0]?.clientX;
            if (start === null || end === undefined || !many) return;
            const delta = end - start;
            if (Math.abs(delta) >= SWIPE_THRESHOLD_PX) go(delta < 0 ? index + 1 : index - 1);
          }}
        >
          <div
            className="flex h-full motion-safe:transition-transform motion-safe:duration-300 motion-safe:ease-out"
            style={{ transform: `translateX(-${index * 100}%)` }}
          >
            {slides.map((slide, i) => (
              <div
                key={slideKey(slide)}
                className="h-full w-full shrink-0"
                aria-hidden={i !== index}
                inert={i !== index}
              >
                {slide.kind === 'image' ? (
                  <ResponsiveImage
                    image={slide.image}
                    alt={slide.image.alt || name}
                    {...IMAGE_SLOTS.productMain}
                    className="h-full w-full object-cover"
                    priority={i === 0}
                  />
                ) : (
                  <GalleryVideo video={slide.video} current={i === index} name={name} />
                )}
              </div>
            ))}
          </div>
        </div>

        {many && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Image précédente"
              className={`${arrowButton} left-2`}
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Image suivante"
              className={`${arrowButton} right-2`}
            >
              <Chevron direction="right" />
            </button>
            <p
              className="absolute top-3 left-3 rounded-full bg-stone-950/75 px-2.5 py-0.5 text-xs font-semibold text-white"
              aria-hidden="true"
            >
              {index + 1} / {count}
            </p>
            {/* Dots are a pointer shortcut; the thumbnails below are the accessible equivalent. */}
            <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1" aria-hidden="true">
              {slides.map((slide, i) => (
                <button
                  key={slideKey(slide)}
                  type="button"
                  tabIndex={-1}
                  onClick={() => go(i)}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span
                    className={`block h-2 rounded-full shadow ring-1 ring-stone-900/20 transition-all ${i === index ? 'w-5 bg-white' : 'w-2 bg-white/70'}`}
                  />
                </button>
              ))}
            </div>
          </>
        )}
      </div>

      {many && (
        <>
          <p className="sr-only" aria-live="polite">
            {what(index)} {index + 1} sur {count}
          </p>
          <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1">
            {slides.map((slide, i) => (
              <li key={slideKey(slide)} className="shrink-0">
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Afficher ${slide.kind === 'video' ? 'la vidéo' : "l'image"} ${i + 1} sur ${count}`}
                  aria-current={i === index ? 'true' : undefined}
                  className={`block h-16 w-16 overflow-hidden rounded-xl bg-stone-100 ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
                    i === index ? 'ring-emerald-700' : 'ring-transparent opacity-80 hover:opacity-100'
                  }`}
                >
                  <Thumbnail slide={slide} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
