import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startWhatsappSimulator, type WhatsappSimulator } from '../../test/whatsapp-simulator.ts';
import { templatesCommand } from './templates-command.ts';

// `npm run whatsapp:templates`: the templates printed as Meta takes them, and with `--submit`
// created in the account (here the simulator's), their approval reported, changed words named.
describe('npm run whatsapp:templates', () => {
  let sim: WhatsappSimulator;
  beforeAll(async () => {
    sim = await startWhatsappSimulator();
  });
  afterAll(() => sim?.close());

  const run = async (submit: boolean, env: Record<string, string> = sim.env) => {
    const config = loadConfig(env);
    const lines: string[] = [];
    const ready = await templatesCommand({ submit }, config.shopContact, config.whatsapp, (l) =>
      lines.push(l),
    );
    return { ready, lines };
  };

  it('prints every template as the API creates it, without calling Meta', async () => {
    const { lines } = await run(false, {});
    const printed = JSON.parse(lines[0] ?? '[]') as { name: string; language: string; category: string }[];
    expect(printed.length).toBe(27);
    expect(printed[0]).toMatchObject({ name: 'souk_commande_recue', language: 'fr', category: 'UTILITY' });
    expect(lines[1]).toBe('27 modèles. Pour les soumettre à Meta : npm run whatsapp:templates -- --submit');
    expect(sim.templates).toEqual([]);
  });

  it('refuses to submit without the Cloud API, saying what to set', async () => {
    await expect(run(true, {})).rejects.toThrow(
      /WhatsApp n’est pas configuré : définissez WHATSAPP_ACCESS_TOKEN/,
    );
  });

  it('submits each template once, reports its approval, and names one whose approved words differ', async () => {
    const first = await run(true);
    expect(first.ready).toBe(false);
    expect(sim.templates).toHaveLength(27);
    expect(first.lines[0]).toBe('souk_commande_recue : soumis, en attente d’approbation (PENDING)');

    // Meta approves them all; the owner edits one by hand in the WhatsApp Manager.
    for (const t of sim.templates) t.status = 'APPROVED';
    const edited = sim.templates.find((t) => t.name === 'souk_commande_prete');
    if (edited?.components[0]) edited.components[0].text = 'Bonjour {{1}}, votre commande est prête.';
    const second = await run(true);
    expect(sim.templates).toHaveLength(27);
    expect(second.ready).toBe(false);
    expect(second.lines).toContain('souk_commande_recue : approuvé (APPROVED)');
    expect(second.lines.find((l) => l.startsWith('souk_commande_prete'))).toMatch(
      /^souk_commande_prete : approuvé \(APPROVED\), mais ses mots diffèrent de ceux que la boutique écrit : à soumettre à nouveau/,
    );

    if (edited) sim.templates.splice(sim.templates.indexOf(edited), 1);
    await run(true);
    for (const t of sim.templates) t.status = 'APPROVED';
    const third = await run(true);
    expect(third.ready).toBe(true);
    expect(third.lines.at(-1)).toBe('Tous les modèles sont approuvés : la boutique peut écrire elle-même.');
  });

  it('says a refused token for each template, never the token', async () => {
    const { ready, lines } = await run(true, { ...sim.env, WHATSAPP_ACCESS_TOKEN: 'EAAG-jeton-perime' });
    expect(ready).toBe(false);
    expect(lines[0]).toBe("souk_commande_recue : échec, le jeton d'accès WhatsApp a expiré ou a été révoqué");
    expect(lines.join('\n')).not.toContain('EAAG');
  });
});
