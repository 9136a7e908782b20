import type { Banner } from '@souk/domain/catalog';
import { BANNER_AUTOPLAY_MS, SWIPE_THRESHOLD_PX } from '@souk/domain/limits';
import { isExternalLink, isSafeBannerLink } from '@souk/domain/links';
import {
  CarouselButtons,
  CarouselDots,
  CarouselSlide,
  CarouselTrack,
  useCarousel,
} from '~/components/ui/carousel';
import { imageLoading, preloadImage, ResponsiveImage } from '~/components/ui/responsive-image';
import { IMAGE_SLOTS } from '~/lib/image-sizing';

/**
 * The banner carousel: autoplay, pause on hover/focus, 50 px swipe, dots, wrap-around. A link to
 * another site opens in a new tab; one to a page of the shop (`shopOrigin`'s) opens in place.
 */
export function BannerCarousel({ banners, shopOrigin }: { banners: Banner[]; shopOrigin: string }) {
  const carousel = useCarousel({
    slideCount: banners.length,
    intervalMs: BANNER_AUTOPLAY_MS,
    swipeThreshold: SWIPE_THRESHOLD_PX,
  });
  return (
    <section
      {...carousel.rootProps}
      aria-roledescription="carrousel"
      aria-label="Nos offres du moment"
      className="min-w-0"
    >
      <div className="overflow-hidden rounded-3xl bg-stone-100 shadow-lg ring-1 ring-stone-900/5">
        <CarouselTrack carousel={carousel} live>
          {banners.map((banner, index) => (
            <CarouselSlide key={banner.id} index={index} total={banners.length} className="basis-full">
              <BannerSlide banner={banner} priority={index === 0} shopOrigin={shopOrigin} />
            </CarouselSlide>
          ))}
        </CarouselTrack>
      </div>
      {/* Controls sit under the picture: the banners carry their own text, which buttons must not cover. */}
      {banners.length > 1 && (
        <div className="mt-2 flex items-center justify-between gap-3">
          <CarouselDots carousel={carousel} label="Offre" className="-ml-1.5" />
          <CarouselButtons carousel={carousel} label="offres" playPause />
        </div>
      )}
    </section>
  );
}

function BannerSlide({
  banner,
  priority,
  shopOrigin,
}: {
  banner: Banner;
  priority: boolean;
  shopOrigin: string;
}) {
  // Banners are finished visuals (title and call to action drawn in): shown whole, never cropped,
  // and their words go in the alt text.
  const alt = [banner.title, banner.subtitle].filter(Boolean).join(' — ');
  // The first banner is the home's main picture (LCP): preloaded from the head, eager, high.
  if (priority && !banner.image && banner.image_url) preloadImage({ src: banner.image_url });
  const image = banner.image ? (
    <ResponsiveImage
      image={banner.image}
      alt={alt}
      {...IMAGE_SLOTS.banner}
      priority={priority}
      className="block h-auto w-full"
    />
  ) : (
    <img
      src={banner.image_url}
      alt={alt}
      width={1024}
      height={448}
      {...imageLoading(priority)}
      className="block h-auto w-full"
    />
  );
  // A link written before the rule (docs/decisions/0020) that breaks it is not followed.
  if (!banner.link_url || !isSafeBannerLink(banner.link_url)) return image;
  const external = isExternalLink(banner.link_url, shopOrigin);
  return (
    <a
      href={banner.link_url}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      draggable={false}
      className="block rounded-3xl focus-visible:outline-offset-[-3px]"
    >
      {image}
      {external && <span className="sr-only"> (s'ouvre dans un nouvel onglet)</span>}
    </a>
  );
}
