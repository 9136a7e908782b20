import { phoneCallLink, type ShopPhone, WHATSAPP_GREETING, whatsappLink } from '@souk/domain/shop';
import { PhoneIcon, WhatsappIcon } from '~/components/ui/page-icons';

/** Home help block: chat on WhatsApp with the greeting prefilled, or call; the number is shown spaced. */
export function HelpBlock({ shopWhatsapp }: { shopWhatsapp: ShopPhone }) {
  const number = shopWhatsapp.display;
  return (
    <section aria-labelledby="help-title" className="mx-auto w-full max-w-6xl px-4">
      <div className="flex flex-col gap-5 rounded-3xl bg-emerald-900 px-6 py-8 text-white shadow-lg md:flex-row md:items-center md:justify-between md:px-10">
        <div className="flex flex-col gap-2">
          <h2 id="help-title" className="font-serif text-2xl font-bold">
            Besoin d'aide ?
          </h2>
          <p className="max-w-md text-sm text-emerald-50">
            Une question sur un parfum, une huile ou votre commande ? Notre équipe vous répond sur WhatsApp ou
            par téléphone.
          </p>
          <p className="text-lg font-semibold tracking-wide text-amber-300">{number}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a
            href={whatsappLink(shopWhatsapp.number, WHATSAPP_GREETING)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center gap-2 rounded-full bg-white px-5 py-3 text-sm font-semibold text-emerald-900 shadow-sm transition hover:bg-emerald-50 focus-visible:outline-amber-300"
          >
            <WhatsappIcon />
            Écrire sur WhatsApp
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
          <a
            href={phoneCallLink(shopWhatsapp.number)}
            className="inline-flex items-center justify-center gap-2 rounded-full border border-white/60 px-5 py-3 text-sm font-semibold text-white transition hover:bg-white/10 focus-visible:outline-amber-300"
          >
            <PhoneIcon />
            Appeler
            <span className="sr-only"> le {number}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
