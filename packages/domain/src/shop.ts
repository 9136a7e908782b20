// The shop's single contact number, in E.164 (the default is the demo shop's; SHOP_WHATSAPP_NUMBER).
export const DEFAULT_SHOP_WHATSAPP_NUMBER = '+221770000000';
/**
 * The shop's number as pages use it: E.164 for links, and written out for people on the server
 * (phone-format), so that storefront pages never load the numbering plans to show it.
 */
export type ShopPhone = { number: string; display: string };

// Fixed agency coordinate for 'Voir l'agence' (latitude,longitude); overridable with AGENCY_LOCATION.
export const DEFAULT_AGENCY_LOCATION = '14.6928,-17.4467';

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
