// What the shop says when an account change succeeds: the API answers it, and the pages that show
// it after a redirect (the account's settings, the login page after a reset, the home page after a
// logout, the cart after a quick registration) read it here. Kept apart from auth.ts so a
// storefront page can say it without loading zod.

export const REGISTERED = 'Inscription réussie';
/** Registering from the cart ('Finaliser ma commande'): the cart then offers to order. */
export const QUICK_REGISTERED = 'Inscription réussie ! Vous pouvez maintenant finaliser votre commande.';
export const LOGGED_IN = 'Connexion réussie';
export const LOGGED_OUT = 'Déconnexion réussie';
export const PROFILE_UPDATED = 'Informations mises à jour avec succès';
export const PASSWORD_CHANGED = 'Mot de passe modifié avec succès';
export const PASSWORD_RESET = 'Mot de passe réinitialisé. Vous pouvez vous connecter.';

// The same answer whether an account exists or not: nothing tells a stranger who is a customer.
export const RESET_LINK_SENT_BY_EMAIL =
  'Si un compte correspond à cet email, un lien de réinitialisation vient de lui être envoyé.';
export const RESET_LINK_SENT_BY_PHONE =
  "Si un compte correspond à ce numéro et a un email, un lien de réinitialisation vient d'y être envoyé. Sinon, écrivez-nous sur WhatsApp : nous vous enverrons un lien.";

// A registration with a contact another account holds: said under the field. The registration
// pages read PHONE_TAKEN to offer logging in with that number (the API says it is taken anyway).
export const EMAIL_TAKEN = 'Cet email est déjà utilisé';
export const PHONE_TAKEN = 'Ce numéro WhatsApp est déjà utilisé';

// An attempt past its limit (429, ADR 0012). The API says it, with when to try again; a page shows
// the API's words when they start as these do (a proxy's own 429 says something else, in English).
const TOO_MANY = 'Trop de tentatives.';
/** Orders are limited in orders placed, not attempts: said as such. */
const TOO_MANY_ORDERS = 'Trop de commandes en peu de temps.';
/** A 429 without a wait to tell (a page's fallback when the words are not the API's). */
export const TOO_MANY_ATTEMPTS = `${TOO_MANY} Veuillez réessayer plus tard.`;
export const isTooManyAttempts = (message: string) =>
  message.startsWith(TOO_MANY) || message.startsWith(TOO_MANY_ORDERS);
/** The login page's link to a new password: what gets a customer in whatever strangers typed. */
export const FORGOT_PASSWORD = 'Mot de passe oublié';

/** '1 minute', '12 minutes', '2 heures': a wait of `seconds`, rounded up. */
function waitOf(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} heures`;
}

/** Any limited action past its limit: 'Trop de tentatives. Réessayez dans 12 minutes.' */
export const tooManyAttempts = (seconds: number) => `${TOO_MANY} Réessayez dans ${waitOf(seconds)}.`;

/** Where she can order at once, whatever the limit: the shop's WhatsApp. */
const orderOnWhatsapp = (shopNumber: string) => `ou commandez directement sur WhatsApp au ${shopNumber}`;

/**
 * Orders past their limit: when to try again, and the shop's WhatsApp, where she can order at
 * once (`shopNumber` as the page writes it: formatPhone, kept out of this zod- and
 * libphonenumber-free file).
 */
export const ordersTooMany = (seconds: number, shopNumber: string) =>
  `${TOO_MANY_ORDERS} Réessayez dans ${waitOf(seconds)} ${orderOnWhatsapp(shopNumber)}.`;

/** A registration past its limit (often on the way to an order): when to try again, or order on WhatsApp. */
export const registrationTooMany = (seconds: number, shopNumber: string) =>
  `${TOO_MANY} Réessayez dans ${waitOf(seconds)} ${orderOnWhatsapp(shopNumber)}.`;

/** A login past its limit: when to try again, and the way in that does not wait. */
export const loginTooMany = (seconds: number) =>
  `${TOO_MANY} Réessayez dans ${waitOf(seconds)} ou utilisez « ${FORGOT_PASSWORD} ».`;
