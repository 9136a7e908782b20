import { CAROUSEL_ITEMS_PER_PAGE } from '@souk/domain/limits';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CarouselButtons,
  CarouselDots,
  CarouselSlide,
  CarouselTrack,
  useCarousel,
} from '~/components/ui/carousel';

/** A titled home-page row: heading, optional 'see all' link, play/pause + previous/next, dots. */
export function CarouselSection<T>({
  id,
  title,
  label,
  items,
  intervalMs,
  getKey,
  renderItem,
  seeAll,
  slideClassName = 'basis-1/2 sm:basis-1/3 lg:basis-1/4',
}: {
  id: string;
  title: string;
  /** Lower-case plural for button names, e.g. 'nouveautés'. */
  label: string;
  items: T[];
  intervalMs: number;
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  seeAll?: { to: string; label: string };
  slideClassName?: string;
}) {
  const carousel = useCarousel({ slideCount: items.length, perPage: CAROUSEL_ITEMS_PER_PAGE, intervalMs });
  if (items.length === 0) return null;
  return (
    <section
      {...carousel.rootProps}
      aria-labelledby={`${id}-title`}
      aria-roledescription="carrousel"
      className="mx-auto w-full max-w-6xl px-4"
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-stone-900">
          {title}
        </h2>
        {seeAll && (
          <Link
            to={seeAll.to}
            className="shrink-0 text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline"
          >
            {seeAll.label}
          </Link>
        )}
      </div>
      <CarouselTrack carousel={carousel} className="-mx-1.5 pb-1">
        {items.map((item, index) => (
          <CarouselSlide
            key={getKey(item)}
            index={index}
            total={items.length}
            className={`px-1.5 py-1 ${slideClassName}`}
          >
            {renderItem(item)}
          </CarouselSlide>
        ))}
      </CarouselTrack>
      <div className="mt-2 flex items-center justify-between gap-3">
        <CarouselDots carousel={carousel} label={title} className="-ml-1.5" />
        <CarouselButtons carousel={carousel} label={label} playPause className="ml-auto" />
      </div>
    </section>
  );
}
