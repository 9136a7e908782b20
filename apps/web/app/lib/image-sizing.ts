// Which file of a picture a phone downloads (docs/decisions/0029): the `sizes` of each place a
// storefront picture is shown, and the lighter choice offered to a visitor asking for Save-Data.
// Pure, so the choices are unit-tested; the components only spread a slot into ResponsiveImage.

/** Where a picture is shown: its `sizes`, and how wide it is on a phone (CSS px, at most). */
export type ImageSlot = {
  /** The picture's width on each layout, as the page's CSS makes it (max-w-6xl = 72rem, px-4). */
  sizes: string;
  /**
   * Its width on the widest phone (430 px), in CSS px. With Save-Data the srcset stops at the
   * first width covering it, so every phone picks a file for 1×, whatever its density.
   */
  phoneWidth: number;
};

/** The widest phone viewport the slots' `phoneWidth` are reckoned at. */
const PHONE = 430;

/**
 * Every place the storefront shows a picture. The widths follow the Tailwind classes of the
 * components named; a layout change there must change its slot here.
 */
export const IMAGE_SLOTS = {
  /** Home banner (features/home/hero.tsx): full width in px-4, half of the grid from md (gap-10). */
  banner: {
    sizes: '(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 2.25rem), calc(100vw - 2rem)',
    phoneWidth: PHONE - 32,
  },
  /** Product page's main picture (product-view.tsx): full width, half of the grid from lg. */
  productMain: {
    sizes: '(min-width: 1152px) 540px, (min-width: 1024px) calc(50vw - 2.25rem), calc(100vw - 2rem)',
    phoneWidth: PHONE - 32,
  },
  /** Category header (category-hero.tsx): the page's width. */
  categoryHero: { sizes: '(min-width: 1152px) 1120px, calc(100vw - 2rem)', phoneWidth: PHONE - 32 },
  /**
   * A card in 2 columns on a phone, 3 from sm, 4 from lg: product grids (product-grid.tsx), the
   * home's carousels (carousel-section.tsx) and the suggestion rows (44 % wide on a phone).
   */
  card: {
    sizes:
      '(min-width: 1152px) 270px, (min-width: 1024px) calc(25vw - 1.25rem), (min-width: 640px) calc(33.33vw - 1.33rem), calc(50vw - 1.375rem)',
    phoneWidth: PHONE / 2 - 22,
  },
  /** A product card in the list view (product-card.tsx, layout 'list'): w-32, sm:w-40. */
  listCard: { sizes: '(min-width: 640px) 160px, 128px', phoneWidth: 128 },
  /** A main category on /catalog (category-card.tsx): 1 column, 2 from 480 px, 3 from lg. */
  categoryCard: {
    sizes:
      '(min-width: 1152px) 363px, (min-width: 1024px) calc(33.33vw - 1.33rem), (min-width: 480px) calc(50vw - 1.5rem), calc(100vw - 2rem)',
    phoneWidth: PHONE - 32,
  },
  /** The product gallery's thumbnails (h-16 w-16). */
  thumbnail: { sizes: '64px', phoneWidth: 64 },
  /** A subcategory tile's picture (h-14 w-14). */
  subcategoryTile: { sizes: '56px', phoneWidth: 56 },
  /** A cart line's picture (h-20 w-20, sm:h-24 sm:w-24). */
  cartLine: { sizes: '(min-width: 640px) 96px, 80px', phoneWidth: 80 },
  /** A search suggestion's picture (h-10 w-10). */
  suggestion: { sizes: '40px', phoneWidth: 40 },
} as const satisfies Record<string, ImageSlot>;

type Candidate = { url: string; width: number };

/** The candidates of a `url 320w, url 640w` srcset, narrowest first; those it cannot read are left out. */
export function srcsetCandidates(srcset: string): Candidate[] {
  return srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .flatMap(([url, descriptor]) => {
      const width = Number(descriptor?.match(/^(\d+)w$/)?.[1]);
      return url && width > 0 ? [{ url, width }] : [];
    })
    .sort((a, b) => a.width - b.width);
}

/** The attributes of an <img>: its fallback `src`, `srcSet` and `sizes`. */
export type ImageSources = { src: string; srcSet: string; sizes: string };

/**
 * The files offered for a picture shown in `slot`. Normally its every width: the browser takes the
 * narrowest at least as dense as its screen. With Save-Data, none wider than the first covering
 * the slot's phone width, so a 2× or 3× phone takes the 1× file (480 instead of 720 or 1024 for
 * a full-width picture), at a third to a half of the bytes; the visitor asked to save data, and
 * the picture stays sharp enough to choose a product by. A desktop asking for Save-Data gets the
 * same files, shown larger: softer, and still what it asked for.
 */
export function imageSources(
  image: { url: string; srcset: string },
  slot: ImageSlot,
  saveData: boolean,
): ImageSources {
  const candidates = srcsetCandidates(image.srcset);
  if (!saveData || candidates.length === 0)
    return { src: image.url, srcSet: image.srcset, sizes: slot.sizes };
  const cap = candidates.find((c) => c.width >= slot.phoneWidth) ?? candidates[candidates.length - 1];
  const kept = candidates.filter((c) => c.width <= (cap as Candidate).width);
  return {
    src: (cap as Candidate).url,
    srcSet: kept.map((c) => `${c.url} ${c.width}w`).join(', '),
    sizes: slot.sizes,
  };
}

/**
 * A video's poster: one URL, so the middle width normally (the picture's `url`), and with
 * Save-Data the file for 1× on a phone, as for the product's pictures.
 */
export function posterUrl(
  poster: { url: string; srcset: string },
  slot: ImageSlot,
  saveData: boolean,
): string {
  return imageSources(poster, slot, saveData).src;
}
