// What the shop says when an account change succeeds: the API answers it, and the pages that show
// it after a redirect (the account's settings, the login page after a reset) read it here. Kept
// apart from auth.ts so a storefront page can say it without loading zod.

export const PROFILE_UPDATED = 'Informations mises à jour avec succès';
export const PASSWORD_CHANGED = 'Mot de passe modifié avec succès';
export const PASSWORD_RESET = 'Mot de passe réinitialisé. Vous pouvez vous connecter.';
