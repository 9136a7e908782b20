import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './page-icons';

/**
 * One carousel for the whole shop: a CSS scroll-snap track (the browser does the layout and,
 * on touch screens, the swiping) plus the state the shop needs — pages, wrap-around,
 * autoplay that pauses on hover, keyboard focus, hidden tab or off-screen, and play/pause.
 *
 * Autoplay lives in effects only, so it never runs during SSR, and the server and first client
 * render agree (page 0, estimated page count) — no hydration mismatch.
 */
export function useCarousel({
  slideCount,
  perPage = 1,
  intervalMs,
  swipeThreshold,
}: {
  slideCount: number;
  /** Slides visible at once on the smallest screen; the real number is measured after mount. */
  perPage?: number;
  /** Autoplay delay; omit for a carousel that only moves on request. */
  intervalMs?: number;
  /** When set, the track does not scroll natively: a horizontal swipe of at least this many px turns a page. */
  swipeThreshold?: number;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const [page, setPage] = useState(0);
  const [pageCount, setPageCount] = useState(Math.max(1, Math.ceil(slideCount / perPage)));
  const [playing, setPlaying] = useState(intervalMs !== undefined);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // False until measured in the browser: nothing autoplays before hydration or while out of sight.
  const [visible, setVisible] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    // Sub-pixel widths can make 2.5 pages read as 2.5001: the small tolerance keeps the count honest.
    setPageCount(Math.max(1, Math.ceil(track.scrollWidth / track.clientWidth - 0.02)));
  }, []);

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track) return;
      const count = Math.max(1, Math.ceil(track.scrollWidth / track.clientWidth - 0.02));
      const next = ((target % count) + count) % count;
      const max = track.scrollWidth - track.clientWidth;
      track.scrollTo({
        left: Math.min(next * track.clientWidth, max),
        behavior: reducedMotion ? 'auto' : 'smooth',
      });
      setPage(next);
    },
    [reducedMotion],
  );

  const pageRef = useRef(page);
  pageRef.current = page;
  const next = useCallback(() => goTo(pageRef.current + 1), [goTo]);
  const prev = useCallback(() => goTo(pageRef.current - 1), [goTo]);

  // Follows native scrolling (swipes, focus moving into a later slide) so dots stay right.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const max = track.scrollWidth - track.clientWidth;
        const count = Math.max(1, Math.ceil(track.scrollWidth / track.clientWidth - 0.02));
        setPage(track.scrollLeft >= max - 2 ? count - 1 : Math.round(track.scrollLeft / track.clientWidth));
      });
    };
    measure();
    track.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(track);
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [measure]);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const apply = () => {
      setReducedMotion(query.matches);
      if (query.matches) setPlaying(false);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);

  // Stops the timer when the tab is hidden or the carousel is scrolled out of view (saves battery and CPU).
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let inView = false;
    const update = () => setVisible(inView && document.visibilityState === 'visible');
    const observer = new IntersectionObserver(([entry]) => {
      inView = entry?.isIntersecting ?? false;
      update();
    });
    observer.observe(root);
    document.addEventListener('visibilitychange', update);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
  }, []);

  const autoplaying = intervalMs !== undefined && playing && !hovered && !focused && visible && pageCount > 1;
  useEffect(() => {
    if (!autoplaying || intervalMs === undefined) return;
    const id = window.setInterval(next, intervalMs);
    return () => window.clearInterval(id);
  }, [autoplaying, intervalMs, next]);

  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const rootProps = {
    ref: rootRef,
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(true);
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setHovered(false);
    },
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') prev();
      else return;
      event.preventDefault();
    },
  };

  const trackProps = {
    ref: trackRef,
    ...(swipeThreshold === undefined
      ? {}
      : {
          onPointerDown: (event: PointerEvent) => {
            if (event.pointerType !== 'mouse') swipeStart.current = { x: event.clientX, y: event.clientY };
          },
          onPointerUp: (event: PointerEvent) => {
            const start = swipeStart.current;
            swipeStart.current = null;
            if (!start) return;
            const dx = event.clientX - start.x;
            if (Math.abs(dx) >= swipeThreshold && Math.abs(dx) > Math.abs(event.clientY - start.y)) {
              if (dx < 0) next();
              else prev();
            }
          },
          onPointerCancel: () => {
            swipeStart.current = null;
          },
        }),
  };

  return {
    page,
    pageCount,
    goTo,
    next,
    prev,
    playing,
    autoplaying,
    togglePlaying: () => setPlaying((value) => !value),
    rootProps,
    trackProps,
    nativeScroll: swipeThreshold === undefined,
  };
}

export type CarouselState = ReturnType<typeof useCarousel>;

/** The scrolling row. Children should be `CarouselSlide`s. */
export function CarouselTrack({
  carousel,
  children,
  className = '',
  live = false,
}: {
  carousel: CarouselState;
  children: ReactNode;
  className?: string;
  /** Announce slide changes (only while not autoplaying, per the WAI carousel pattern). */
  live?: boolean;
}) {
  return (
    <div
      {...carousel.trackProps}
      aria-live={live && !carousel.autoplaying ? 'polite' : 'off'}
      className={`no-scrollbar relative flex snap-x snap-mandatory ${
        carousel.nativeScroll ? 'overflow-x-auto overscroll-x-contain' : 'touch-pan-y overflow-x-hidden'
      } carousel-track ${className}`}
    >
      {children}
    </div>
  );
}

export function CarouselSlide({
  index,
  total,
  children,
  className = '',
}: {
  index: number;
  total: number;
  children: ReactNode;
  /** Width classes, e.g. 'basis-1/2 sm:basis-1/3' — padding inside keeps page math exact. */
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA carousel pattern (a slide is a group), not a form fieldset
    <div
      role="group"
      aria-roledescription="diapositive"
      aria-label={`${index + 1} sur ${total}`}
      className={`shrink-0 grow-0 snap-start ${className}`}
    >
      {children}
    </div>
  );
}

const controlClass =
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 shadow-sm transition hover:border-emerald-700 hover:text-emerald-800 disabled:opacity-40';

export function CarouselButtons({
  carousel,
  label,
  playPause = false,
  className = '',
  buttonClassName = controlClass,
}: {
  carousel: CarouselState;
  /** What is being browsed, e.g. 'produits populaires' (completes the French button names). */
  label: string;
  playPause?: boolean;
  className?: string;
  buttonClassName?: string;
}) {
  if (carousel.pageCount <= 1) return null;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      {playPause && (
        <button
          type="button"
          onClick={carousel.togglePlaying}
          aria-label={
            carousel.playing
              ? `Mettre en pause le défilement des ${label}`
              : `Lancer le défilement des ${label}`
          }
          className={buttonClassName}
        >
          {carousel.playing ? <PauseIcon /> : <PlayIcon />}
        </button>
      )}
      <button
        type="button"
        onClick={carousel.prev}
        aria-label={`Précédent : ${label}`}
        className={buttonClassName}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        onClick={carousel.next}
        aria-label={`Suivant : ${label}`}
        className={buttonClassName}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}

export function CarouselDots({
  carousel,
  label,
  className = '',
  tone = 'dark',
}: {
  carousel: CarouselState;
  label: string;
  className?: string;
  tone?: 'dark' | 'light';
}) {
  if (carousel.pageCount <= 1) return null;
  const on = tone === 'light' ? 'w-6 bg-white' : 'w-6 bg-emerald-800';
  const off = tone === 'light' ? 'w-2.5 bg-white/60' : 'w-2.5 bg-stone-400';
  return (
    <div className={`flex items-center justify-center ${className}`}>
      {Array.from({ length: carousel.pageCount }, (_, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: one dot per page, positions never reorder
          key={i}
          type="button"
          onClick={() => carousel.goTo(i)}
          aria-label={`${label} : page ${i + 1} sur ${carousel.pageCount}`}
          aria-current={i === carousel.page ? 'true' : undefined}
          // 24 px hit area around a small visual dot (WCAG 2.5.8 target size)
          className="group inline-flex h-6 min-w-6 items-center justify-center rounded-full"
        >
          <span className={`block h-2.5 rounded-full transition-all ${i === carousel.page ? on : off}`} />
        </button>
      ))}
    </div>
  );
}
