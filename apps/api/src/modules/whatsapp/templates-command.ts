import type { ShopContact } from '@souk/domain/order-messages';
import { shopTemplates } from '@souk/domain/whatsapp-templates';
import type { WhatsappConfig } from '../../config.ts';
import { CloudApiError, createTemplate, findTemplates } from './cloud-api.ts';

// `npm run whatsapp:templates`: the shop's templates as Meta's API takes them; with `--submit`,
// each created in the WhatsApp Business Account, or its approval state reported when it is there,
// and those whose approved words differ from the words the shop now writes named, to submit again
// (docs/decisions/0041-whatsapp-cloud-api.md).

const STATES: Record<string, string> = {
  APPROVED: 'approuvé',
  PENDING: 'en attente d’approbation',
  REJECTED: 'refusé',
  PAUSED: 'en pause',
  DISABLED: 'désactivé',
  IN_APPEAL: 'en appel',
};
const stateOf = (status: string) => `${STATES[status] ?? status.toLowerCase()} (${status})`;

/** Prints or submits the templates; answers whether every one is approved with the shop's words. */
export async function templatesCommand(
  options: { submit: boolean },
  shop: ShopContact,
  whatsapp: WhatsappConfig | null,
  print: (line: string) => void,
): Promise<boolean> {
  const templates = shopTemplates(shop);
  if (!options.submit) {
    print(JSON.stringify(templates, null, 2));
    print(`${templates.length} modèles. Pour les soumettre à Meta : npm run whatsapp:templates -- --submit`);
    return true;
  }
  if (!whatsapp)
    throw new Error(
      'WhatsApp n’est pas configuré : définissez WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_BUSINESS_ACCOUNT_ID, WHATSAPP_APP_SECRET et WHATSAPP_VERIFY_TOKEN (voir le README, « Messages WhatsApp automatiques »).',
    );
  let ready = true;
  for (const template of templates) {
    const body = template.components[0].text;
    try {
      const held = (await findTemplates(whatsapp, template.name)).find((t) => t.language === 'fr');
      if (!held) {
        const created = await createTemplate(whatsapp, template);
        print(`${template.name} : soumis, ${stateOf(created.status)}`);
        ready &&= created.status === 'APPROVED';
      } else if (held.body !== body) {
        print(
          `${template.name} : ${stateOf(held.status)}, mais ses mots diffèrent de ceux que la boutique écrit : à soumettre à nouveau (modifiez-le dans le WhatsApp Manager, ou supprimez-le puis relancez cette commande)`,
        );
        ready = false;
      } else {
        print(`${template.name} : ${stateOf(held.status)}`);
        ready &&= held.status === 'APPROVED';
      }
    } catch (error) {
      if (!(error instanceof CloudApiError)) throw error;
      print(`${template.name} : échec, ${error.message}`);
      ready = false;
    }
  }
  print(
    ready
      ? 'Tous les modèles sont approuvés : la boutique peut écrire elle-même.'
      : 'Certains modèles ne sont pas (encore) approuvés : leurs messages échouent et les boutons WhatsApp restent proposés. Relancez cette commande plus tard pour voir où en est l’approbation.',
  );
  return ready;
}
