import { type Agency, mapsLink, type ShopPhone, whatsappLink } from '@souk/domain/shop';
import { NEW_TAB } from '~/lib/new-tab';
import { WhatsappIcon } from './page-icons';

// Where an order is collected and how to reach the shop about it: the order-success page and the
// tracking link's page say them alike.

const mapButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800';

/** The agency's address and hours (AGENCY_ADDRESS, AGENCY_HOURS), then 'Voir l'agence' on a map. */
export function AgencyDetails({ agency }: { agency: Agency }) {
  return (
    <>
      <dl className="flex flex-1 flex-col gap-2 text-sm">
        <div className="flex flex-col">
          <dt className="text-stone-600">Adresse</dt>
          <dd className="font-medium break-words text-stone-900">{agency.address}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-stone-600">Horaires</dt>
          <dd className="font-medium text-stone-900">{agency.hours}</dd>
        </div>
      </dl>
      <a href={mapsLink(agency.location)} {...NEW_TAB} className={mapButton}>
        Voir l'agence
        <span className="sr-only"> (carte, nouvel onglet)</span>
      </a>
    </>
  );
}

/** 'Besoin d'aide ?': the shop's WhatsApp number, a tap away. */
export function OrderHelp({ shopWhatsapp }: { shopWhatsapp: ShopPhone }) {
  return (
    <section
      aria-labelledby="order-help-title"
      className="flex flex-col gap-2 rounded-2xl bg-emerald-900 p-5 text-white shadow-sm"
    >
      <h2 id="order-help-title" className="text-lg font-semibold">
        Besoin d'aide ?
      </h2>
      <p className="text-sm text-emerald-50">Une question sur votre commande ? Écrivez-nous.</p>
      <a
        href={whatsappLink(shopWhatsapp.number)}
        {...NEW_TAB}
        className="inline-flex w-max items-center gap-2 rounded-lg text-lg font-semibold tracking-wide text-amber-300 hover:underline focus-visible:outline-2 focus-visible:outline-amber-300"
      >
        <WhatsappIcon />
        {shopWhatsapp.display}
        <span className="sr-only"> (WhatsApp, nouvel onglet)</span>
      </a>
      <p className="text-sm font-medium text-emerald-50">WhatsApp Disponible 24/7</p>
    </section>
  );
}
