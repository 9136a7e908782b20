import { formatDateTime } from './dates.ts';

// What the shop says when the phone has no connection (docs/decisions/0036): the service worker
// writes some of it into the pages it answers from its copies, the pages say the rest.

/** When a copy's prices were read, in the shop's time zone: 'prix vus le 27/11/2026 à 14:03'. */
export function pricesSeen(seenAt: string | Date): string {
  const [day, time] = formatDateTime(seenAt).split(' ');
  return `prix vus le ${day} à ${time}`;
}

/** On a page answered from the phone's copy: 'Hors ligne — prix vus le 27/11/2026 à 14:03'. */
export const offlineNotice = (seenAt: string | Date) => `Hors ligne — ${pricesSeen(seenAt)}`;

/** A form sent (a login, an order, an add to cart) while the phone is offline: nothing went. */
export const OFFLINE_ACTION =
  "Vous êtes hors ligne : rien n'a été envoyé. Ce que vous avez saisi reste sur la page ; réessayez une fois la connexion revenue.";

/** The offline page's list, when the phone holds no page yet. */
export const NO_OFFLINE_PAGES = "Aucune page n'est encore gardée sur ce téléphone.";

/** A new version of the shop has taken over while the page was open. */
export const NEW_VERSION = 'Nouvelle version disponible';
export const NEW_VERSION_RELOAD = 'Recharger';
