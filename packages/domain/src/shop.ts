// The shop's single contact number, international format without '+' or spaces (the default is the demo shop's).
export const DEFAULT_SHOP_WHATSAPP_NUMBER = '221770000000';
// Fixed agency coordinate for 'Voir l'agence' (latitude,longitude); overridable with AGENCY_LOCATION.
export const DEFAULT_AGENCY_LOCATION = '14.6928,-17.4467';

/** '221770000000' → '+221 77 000 00 00' (spaced international number, as shown to customers). */
export function formatPhoneNumber(digits: string): string {
  const clean = digits.replace(/\D/g, '');
  const country = clean.length > 9 ? clean.slice(0, clean.length - 9) : '';
  const rest = clean.slice(country.length);
  const groups = rest.match(/^(\d{2})(\d{3})(\d{2})(\d{2})$/);
  const local = groups ? groups.slice(1).join(' ') : rest;
  return country ? `+${country} ${local}` : local;
}

export function whatsappLink(number: string, message?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, '')}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

export const phoneCallLink = (number: string) => `tel:+${number.replace(/\D/g, '')}`;

export const mapsLink = (location: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

export const WHATSAPP_GREETING = 'Bonjour, je souhaiterais avoir des informations sur vos produits.';
