import { type ShopPhone, whatsappLink } from '@souk/domain/shop';
import { Link } from 'react-router';
import { LogoMark } from './logo';

const footerLink =
  'rounded text-stone-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-amber-300';

export function ShopFooter({ shopWhatsapp, year }: { shopWhatsapp: ShopPhone; year: number }) {
  return (
    <footer className="mt-12 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div className="flex flex-col gap-2">
          <p className="flex items-center gap-2 font-serif text-xl font-semibold text-white">
            <LogoMark className="h-7 w-7" />
            Souk
          </p>
          <p className="text-sm">
            Parfums, huiles essentielles, savons et cosmétiques naturels. Produits Authentiques du Maroc.
          </p>
        </div>
        <nav aria-label="Liens du pied de page">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">La boutique</h2>
          <ul className="flex flex-col gap-2 text-sm">
            <li>
              <Link to="/catalog" className={footerLink}>
                Catalogue
              </Link>
            </li>
            <li>
              <Link to="/terms" className={footerLink}>
                Conditions générales de vente
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                Politique de confidentialité
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <p className="text-sm">Commandes et questions sur WhatsApp :</p>
          <a
            href={whatsappLink(shopWhatsapp.number)}
            target="_blank"
            rel="noopener noreferrer"
            className={`${footerLink} mt-1 inline-block text-base font-semibold text-white`}
          >
            {shopWhatsapp.display}
            <span className="sr-only"> (WhatsApp, nouvel onglet)</span>
          </a>
        </div>
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-stone-400">
          © {year} Souk. Tous droits réservés.
        </p>
      </div>
    </footer>
  );
}
