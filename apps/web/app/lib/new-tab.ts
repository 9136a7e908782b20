/**
 * A link that opens in a new tab (WhatsApp, another site): the screen stays where it was, and the
 * page opened gets neither a handle on this one nor its address.
 */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
