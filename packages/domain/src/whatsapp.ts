import { z } from 'zod';
// The WhatsApp messages the shop sends itself through Meta's Cloud API
// (docs/decisions/0041-whatsapp-cloud-api.md): where each stands, as the owner reads it.

/**
 * 'queued' until a process takes it; 'sending' while the call is under way; then what Meta said
 * (sent, delivered, read) or 'failed' with its reason; 'uncertain' when the call went and its
 * answer never came (a crash, a timeout): it may have reached her, so it is never resent by itself.
 */
export const WHATSAPP_MESSAGE_STATES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'uncertain',
] as const;
export type WhatsappMessageState = (typeof WHATSAPP_MESSAGE_STATES)[number];

export const WHATSAPP_MESSAGE_STATE_LABELS: Record<WhatsappMessageState, string> = {
  queued: "En attente d'envoi",
  sending: "En cours d'envoi",
  sent: 'Envoyé',
  delivered: 'Remis',
  read: 'Lu',
  failed: 'Échec',
  uncertain: 'Envoi incertain',
};

/** Who a message is for: the customer of the order, or the owner and her staff (a new order). */
export const WHATSAPP_AUDIENCES = ['customer', 'staff'] as const;
export type WhatsappAudience = (typeof WHATSAPP_AUDIENCES)[number];

/** A message the shop sent itself, as the order's details show it to the owner. */
export const WhatsappMessageViewSchema = z.object({
  id: z.number(),
  audience: z.enum(WHATSAPP_AUDIENCES),
  /** The number it went to, in international form. */
  recipient: z.string(),
  /** The message as it reads (what a tap would send in its place). */
  body: z.string(),
  state: z.enum(WHATSAPP_MESSAGE_STATES),
  /** Why it failed, or why its sending is uncertain, in French; null otherwise. */
  reason: z.string().nullable(),
  /** When it reached its state. */
  at: z.string(),
});
export type WhatsappMessageView = z.infer<typeof WhatsappMessageViewSchema>;

/** The order's WhatsApp as the owner sees it: whether the shop writes by itself, and what it wrote. */
export const OrderWhatsappSchema = z.object({
  /** The Cloud API is configured: messages leave by themselves (else the owner taps each). */
  automatic: z.boolean(),
  /** Oldest first. */
  messages: z.array(WhatsappMessageViewSchema),
});
export type OrderWhatsapp = z.infer<typeof OrderWhatsappSchema>;

/** What a message's state reads on the card: 'Remis', or 'Échec : <why>'. */
export const whatsappStateLine = (message: Pick<WhatsappMessageView, 'state' | 'reason'>) =>
  message.state === 'failed' && message.reason
    ? `${WHATSAPP_MESSAGE_STATE_LABELS.failed} : ${message.reason}`
    : WHATSAPP_MESSAGE_STATE_LABELS[message.state];
