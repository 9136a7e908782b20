/** The product page's time-out message (shared by the loader and the error screen). */
export const TIMEOUT_MESSAGE = 'Délai de chargement dépassé. Veuillez réessayer.';
