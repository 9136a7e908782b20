import { z } from 'zod';
// What the back office's events stream says (GET /api/admin/events, docs/decisions/0042): the
// server passes on what migration 0026's triggers announce, and the page reads itself again.

/** The first event of a stream when nothing changed since the page read its data. */
export const STREAM_OPEN_EVENT = 'open';
/** What the bell counts changed (an order came in or left 'en attente', a customer's message, the WhatsApp outage). */
export const BELL_EVENT = 'bell';
/**
 * Changes may have been missed (the first event of a stream opened after something changed, or
 * the server hearing the database again): read everything again.
 */
export const RESYNC_EVENT = 'resync';
/** `order:<id>`: that order, its history or its WhatsApp messages changed. */
export const ORDER_EVENT_PREFIX = 'order:';

/** GET /admin/events?since=: when the page read its data (ms since 1970), so the stream says whether it missed a change. */
export const BackOfficeEventsQuerySchema = z.object({
  since: z.coerce
    .number({ error: 'Date de lecture invalide' })
    .int({ error: 'Date de lecture invalide' })
    .min(0, { error: 'Date de lecture invalide' })
    .max(8_640_000_000_000_000, { error: 'Date de lecture invalide' })
    .optional(),
});
