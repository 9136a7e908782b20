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
