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
