// The shop's single contact number, in E.164 (the default is the demo shop's; SHOP_WHATSAPP_NUMBER).
export const DEFAULT_SHOP_WHATSAPP_NUMBER = '+221770000000';
/**
 * The shop's number as pages use it: E.164 for links, and written out for people on the server
 * (phone-format), so that storefront pages never load the numbering plans to show it.
 */
export type ShopPhone = { number: string; display: string };

// Fixed agency coordinate for 'Voir l'agence' (latitude,longitude); overridable with AGENCY_LOCATION.
export const DEFAULT_AGENCY_LOCATION = '14.6928,-17.4467';
// The demo agency's address and opening hours; overridable with AGENCY_ADDRESS and AGENCY_HOURS.
export const DEFAULT_AGENCY_ADDRESS = 'Avenue Blaise Diagne, Médina, Dakar';
export const DEFAULT_AGENCY_HOURS = 'Du lundi au samedi, 9 h – 19 h';

/** Where customers collect their orders and may pay: its map point, address and opening hours. */
export type Agency = { location: string; address: string; hours: string };

export const DEFAULT_AGENCY: Agency = {
  location: DEFAULT_AGENCY_LOCATION,
  address: DEFAULT_AGENCY_ADDRESS,
  hours: DEFAULT_AGENCY_HOURS,
};

/**
 * How orders reach customers, in the shop's words (DELIVERY_TERMS; docs/decisions/0026): by
 * default free to the agency, where the customer collects the order — the journey the order's
 * statuses tell (prête, en route, disponible à l'agence).
 */
export const DEFAULT_DELIVERY_TERMS = 'Livraison gratuite à notre agence';

/**
 * The delivery line of the product page, the order-success page and the status messages: the
 * configured terms without a closing full stop, since each place punctuates it its own way.
 */
export const deliveryLine = (terms: string) => terms.trim().replace(/\s*\.$/, '');

/**
 * The same line under a 'Livraison' heading (the cart's and the order's summaries): its leading
 * 'Livraison' dropped, 'Gratuite à notre agence'. Terms worded otherwise are shown whole.
 */
export function deliveryShortForm(terms: string): string {
  const line = deliveryLine(terms);
  const rest = line.replace(/^livraison(?:\s*[:–-]\s*|\s+)/i, '');
  if (!rest || rest === line) return line;
  return rest.charAt(0).toLocaleUpperCase('fr') + rest.slice(1);
}

/** A chat with a stored number (E.164): wa.me takes its digits, country code first. */
export function whatsappLink(number: string, message?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, '')}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** A call to a stored number (E.164). */
export const phoneCallLink = (number: string) => `tel:+${number.replace(/\D/g, '')}`;

export const mapsLink = (location: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

export const WHATSAPP_GREETING = 'Bonjour, je souhaiterais avoir des informations sur vos produits.';
