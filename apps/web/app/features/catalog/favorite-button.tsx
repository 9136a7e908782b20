import { useFavorite } from './use-favorites';

/** Heart toggle; sits above the card's stretched link so it never opens the product. */
export function FavoriteButton({ productId, className = '' }: { productId: number; className?: string }) {
  const { isFavorite, toggle } = useFavorite(productId);
  return (
    <button
      type="button"
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
      aria-pressed={isFavorite}
      aria-label={isFavorite ? 'Retirer des favoris' : 'Ajouter aux favoris'}
      className={`flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-rose-700 shadow-sm ring-1 ring-stone-200 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        strokeWidth="1.8"
        stroke="currentColor"
        fill={isFavorite ? 'currentColor' : 'none'}
      >
        <path
          strokeLinejoin="round"
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 8.8 6c1.4 0 2.5.7 3.2 1.8C12.7 6.7 13.8 6 15.2 6a4.3 4.3 0 0 1 4.3 4.3c0 5.6-7.5 10.2-7.5 10.2Z"
        />
      </svg>
    </button>
  );
}
