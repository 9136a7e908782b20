import { z } from 'zod';
import { idSchema } from './primitives.ts';
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
  /** When the shop wrote it (queued it): its place among the customer's messages. */
  written_at: z.string(),
  /**
   * The owner may have the shop send it again (once): its sending is uncertain, or it failed for a
   * reason that may pass; and it was not sent again already.
   */
  resendable: z.boolean(),
  /** The owner had the shop send it again (a message of its own follows). */
  resent: z.boolean(),
});
export type WhatsappMessageView = z.infer<typeof WhatsappMessageViewSchema>;

/**
 * What a customer's message holds besides words, as the owner reads it (Meta's types): null for a
 * text. Photos, voice notes and the rest are noted as such; the shop never downloads them.
 */
export function receivedKindLabel(kind: string): string | null {
  switch (kind) {
    case 'text':
      return null;
    case 'image':
      return 'Photo';
    case 'audio':
      return 'Message vocal';
    case 'video':
      return 'Vidéo';
    case 'document':
      return 'Document';
    case 'sticker':
      return 'Autocollant';
    case 'location':
      return 'Position';
    case 'contacts':
      return 'Contact';
    case 'reaction':
      return 'Réaction';
    default:
      return 'Message que la boutique ne sait pas afficher';
  }
}

/** A customer's message to the shop's number, as her order's details show it. */
export const WhatsappReceivedViewSchema = z.object({
  id: z.number(),
  /** Meta's type ('text', 'image', 'audio'…): see `receivedKindLabel`. */
  kind: z.string(),
  /** Her words: the text, or the caption of a photo; null for a voice note. */
  body: z.string().nullable(),
  /** When she wrote it. */
  at: z.string(),
});
export type WhatsappReceivedView = z.infer<typeof WhatsappReceivedViewSchema>;

/** The order's WhatsApp as the owner sees it: whether the shop writes by itself, and what it wrote. */
export const OrderWhatsappSchema = z.object({
  /** The Cloud API is configured: messages leave by themselves (else the owner taps each). */
  automatic: z.boolean(),
  /** Oldest first. */
  messages: z.array(WhatsappMessageViewSchema),
  /** What the customer wrote to the shop while this order was her latest open one, oldest first. */
  received: z.array(WhatsappReceivedViewSchema),
});
export type OrderWhatsapp = z.infer<typeof OrderWhatsappSchema>;

/** What a message's state reads on the card: 'Remis', or 'Échec : <why>'. */
export const whatsappStateLine = (message: Pick<WhatsappMessageView, 'state' | 'reason'>) =>
  message.state === 'failed' && message.reason
    ? `${WHATSAPP_MESSAGE_STATE_LABELS.failed} : ${message.reason}`
    : WHATSAPP_MESSAGE_STATE_LABELS[message.state];

/** A customer's message waiting in the bell: who wrote (her account's order when known), and what. */
export const WhatsappInboxMessageSchema = WhatsappReceivedViewSchema.extend({
  /** Her number, in international form. */
  sender: z.string(),
  /** The name her WhatsApp profile gives, if any. */
  name: z.string().nullable(),
  /** Her latest open order when she wrote (null: no account nor order for that number). */
  order: z.object({ id: z.number(), order_number: z.string() }).nullable(),
});
export type WhatsappInboxMessage = z.infer<typeof WhatsappInboxMessageSchema>;

/** The bell's share of WhatsApp: the customers' messages not yet marked read, newest first. */
export const WhatsappInboxSchema = z.object({
  /** How many wait, all told. */
  total: z.number(),
  /** The newest of them (at most `WHATSAPP_INBOX_SHOWN`). */
  messages: z.array(WhatsappInboxMessageSchema),
});
export type WhatsappInbox = z.infer<typeof WhatsappInboxSchema>;

/** How many of the waiting messages the bell lists. */
export const WHATSAPP_INBOX_SHOWN = 20;

export const WHATSAPP_MESSAGE_NOT_FOUND = 'Message introuvable';

/** 'Marquer comme lu': the messages the owner read in the bell (those it showed her). */
export const MarkReceivedSeenInputSchema = z.object({
  ids: z
    .array(idSchema(WHATSAPP_MESSAGE_NOT_FOUND))
    .min(1, 'Aucun message à marquer comme lu')
    .max(WHATSAPP_INBOX_SHOWN, `Au plus ${WHATSAPP_INBOX_SHOWN} messages à la fois`),
});
export const MarkedSeenSchema = z.object({ marked: z.number() });

/** The owner's 'Renvoyer': the message leaves again, once. */
export const WHATSAPP_MESSAGE_RESENT = 'Le message part de nouveau';
export const WHATSAPP_RESEND_REFUSED =
  'Ce message ne peut pas être renvoyé : il est parti ou a déjà été renvoyé';
export const WHATSAPP_NOT_CONFIGURED = 'Les messages WhatsApp automatiques ne sont pas configurés';
export const RECEIVED_MARKED_SEEN = 'Messages marqués comme lus';
