/** What a page says while the server checks the visitor's session before it shows. */
export const AUTH_CHECKING = "Vérification de l'authentification...";
