// What the back office's events stream says (GET /api/admin/events, docs/decisions/0042): the
// server passes on what migration 0026's triggers announce, and the page reads itself again.

/** The first event of every stream: it is open (a page whose stream opened again reads itself once). */
export const STREAM_OPEN_EVENT = 'open';
/** What the bell counts changed (an order came in or left 'en attente', a customer's message, the WhatsApp outage). */
export const BELL_EVENT = 'bell';
/** Changes may have been missed (the server heard the database again): read everything again. */
export const RESYNC_EVENT = 'resync';
/** `order:<id>`: that order, its history or its WhatsApp messages changed. */
export const ORDER_EVENT_PREFIX = 'order:';
