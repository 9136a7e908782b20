import { type TemplatedMessage, templateBody, templateValues } from './message-template.ts';
import {
  newOrderAlertTemplate,
  type OrderForMessage,
  orderStatusTemplate,
  type ShopContact,
  unpaidReminderTemplate,
} from './order-messages.ts';
import { CANCELLED_BY, ORDER_STATUSES } from './order-status.ts';

// Every WhatsApp template the shop sends, one per variant of its messages (a template has no
// optional line), as Meta's API creates them: `npm run whatsapp:templates` prints or submits this
// list (docs/decisions/0041-whatsapp-cloud-api.md).

/** A template as `POST /{whatsapp-business-account-id}/message_templates` takes it. */
export type TemplateDefinition = {
  name: string;
  language: 'fr';
  category: 'UTILITY';
  components: [{ type: 'BODY'; text: string; example?: { body_text: [string[]] } }];
};

/** The template of a message, its values as the example Meta asks for each variable. */
export function templateDefinition(message: TemplatedMessage): TemplateDefinition {
  const values = templateValues(message);
  return {
    name: message.name,
    language: 'fr',
    category: 'UTILITY',
    components: [
      {
        type: 'BODY',
        text: templateBody(message),
        ...(values.length ? { example: { body_text: [values] } } : {}),
      },
    ],
  };
}

const SAMPLE: OrderForMessage = {
  order_number: 'CMD-20261129-0042',
  total_amount: 38500,
  status: 'en_attente',
  client: { name: 'Awa Diop' },
  notes: null,
  paid_at: null,
  cancellation: null,
  refund: null,
  tracking_url: 'https://boutique.example/suivi/Q2hhbmdlbWVfaWNpX3N1aXZp',
};
const PAID = '2026-11-29T10:00:00.000Z';

/** Every message the shop can write: each status, paid or not, with a note or not, each cancellation and refund. */
function everyMessage(shop: ShopContact): TemplatedMessage[] {
  const messages: TemplatedMessage[] = [];
  for (const timeoutMs of [shop.unpaidTimeoutMs || 72 * 3_600_000, 0]) {
    const withTimeout = { ...shop, unpaidTimeoutMs: timeoutMs };
    for (const status of ORDER_STATUSES)
      for (const paid of [false, true])
        for (const notes of [null, 'Appelez avant de livrer'])
          for (const by of status === 'annulée' ? CANCELLED_BY : [null])
            for (const reason of by === 'shop' ? [null, 'Rupture de stock'] : [null])
              for (const refund of paid && by
                ? [
                    { state: 'due' as const, method: null },
                    { state: 'done' as const, method: null },
                    { state: 'done' as const, method: 'Orange Money' },
                  ]
                : [null])
                messages.push(
                  orderStatusTemplate(
                    {
                      ...SAMPLE,
                      status,
                      notes,
                      paid_at: paid ? PAID : null,
                      cancellation: by ? { by, reason } : null,
                      refund,
                    },
                    withTimeout,
                  ),
                );
  }
  messages.push(unpaidReminderTemplate(SAMPLE, shop, 24 * 3_600_000));
  messages.push(
    newOrderAlertTemplate({ ...SAMPLE, total_items: 3 }, 'https://boutique.example/admin/orders?details=42'),
  );
  return messages;
}

/**
 * The shop's templates, each once. Two messages of one name must have one body (a variant is one
 * template): a message whose words depend on more than its name would be refused by Meta at send.
 */
export function shopTemplates(shop: ShopContact): TemplateDefinition[] {
  const byName = new Map<string, TemplateDefinition>();
  for (const message of everyMessage(shop)) {
    const definition = templateDefinition(message);
    const known = byName.get(definition.name);
    if (!known) byName.set(definition.name, definition);
    else if (known.components[0].text !== definition.components[0].text)
      throw new Error(`template ${definition.name}: two bodies for one name`);
  }
  return [...byName.values()];
}
