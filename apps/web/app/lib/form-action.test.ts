import { loginTooMany, ordersTooMany, tooManyAttempts } from '@souk/domain/account-messages';
import { redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResult } from './api-client';
import { type FormHandler, formAction, formText, refusedBeforeSending } from './form-action';

// The one way a form is submitted: what the page gets back for each kind of answer from the API.

const client = {} as ApiClient;

/** A POSTed form, as the browser sends it. */
function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request('http://shop.test/page', { method: 'POST', body });
}

const refusal = (status: number, message: string, errors?: Record<string, string[]>): ApiResult<never> => ({
  ok: false,
  status,
  message,
  ...(errors ? { errors } : {}),
  setCookies: [],
});

/** A handler answering `result`, recording the form it was given. */
function answering(result: ApiResult<unknown>, more: Partial<FormHandler> = {}) {
  const sent: Record<string, string>[] = [];
  const handler: FormHandler = {
    failure: 'Erreur lors de la sauvegarde',
    send: async ({ form, id }) => {
      sent.push({ id, name: formText(form, 'name') });
      return result;
    },
    ...more,
  };
  return { sent, handler };
}

/** What `data()` wraps: the page's data and the HTTP status. */
const unwrap = (answer: unknown) => answer as { data: unknown; init: { status: number } | null };

describe('a page action', () => {
  it("runs the intent's handler with the form and the row's id, and answers the API's message for the toast", async () => {
    const { sent, handler } = answering({
      ok: true,
      status: 200,
      data: {},
      message: 'Produit mis à jour',
      setCookies: [],
    });
    const answer = await formAction(post({ intent: 'save', id: '7', name: 'Savon noir' }), client, {
      save: handler,
    });
    expect(sent).toEqual([{ id: '7', name: 'Savon noir' }]);
    expect(answer).toEqual({ intent: 'save', ok: true, message: 'Produit mis à jour' });
  });

  it("takes a form without an intent as the page's only form, 'submit'", async () => {
    const { sent, handler } = answering({ ok: true, status: 200, data: {}, setCookies: [] });
    const answer = await formAction(post({ name: 'Awa' }), client, { submit: handler });
    expect(sent).toHaveLength(1);
    expect(answer).toEqual({ intent: 'submit', ok: true, message: 'Enregistré' });
  });

  it("answers with the handler's own success (a redirect with the API's cookies)", async () => {
    const { handler } = answering(
      { ok: true, status: 200, data: { role: 'client' }, setCookies: ['session=abc'] },
      {
        done: ({ data, setCookies }) =>
          redirect(`/${(data as { role: string }).role}`, { headers: { 'set-cookie': setCookies[0] ?? '' } }),
      },
    );
    const answer = (await formAction(post({}), client, { submit: handler })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/client');
    expect(answer.headers.get('set-cookie')).toBe('session=abc');
  });

  it('puts field errors under their fields, keeps what was typed but not the password, with the API status', async () => {
    const { handler } = answering(
      refusal(422, 'Données invalides', { email: ['Email invalide', 'Trop long'], password: ['Trop court'] }),
      { echo: ['email'] },
    );
    const answer = unwrap(
      await formAction(post({ email: 'awa@', password: 'x' }), client, { submit: handler }),
    );
    expect(answer.init?.status).toBe(422);
    expect(answer.data).toEqual({
      intent: 'submit',
      ok: false,
      failure: {
        errors: { email: 'Email invalide', password: 'Trop court' },
        values: { email: 'awa@' },
      },
    });
  });

  it("says in the banner the errors of a field the visitor cannot fix (a used link's token)", async () => {
    const { handler } = answering(
      refusal(422, 'Données invalides', { token: ['Lien expiré'], password: ['Trop court'] }),
      {
        inBanner: ['token'],
      },
    );
    const answer = unwrap(await formAction(post({}), client, { submit: handler }));
    expect(answer.data).toMatchObject({
      failure: { message: 'Lien expiré', errors: { password: 'Trop court' } },
    });
  });

  it("shows the API's refusal in the banner, the page's words when the API failed, and a 429 in French", async () => {
    const cases: [ApiResult<never>, string][] = [
      [refusal(409, 'Cette commande ne peut plus être annulée'), 'Cette commande ne peut plus être annulée'],
      [refusal(500, 'Internal Server Error'), 'Erreur lors de la sauvegarde'],
      [refusal(429, 'Too Many Requests'), 'Trop de tentatives. Veuillez réessayer plus tard.'],
      // The API's own 429 says when to try again: shown as it is.
      [
        refusal(429, loginTooMany(720)),
        'Trop de tentatives. Réessayez dans 12 minutes ou utilisez « Mot de passe oublié ».',
      ],
      [refusal(429, tooManyAttempts(720)), 'Trop de tentatives. Réessayez dans 12 minutes.'],
      [
        refusal(429, ordersTooMany(90, '+221 77 000 00 00')),
        'Trop de commandes en peu de temps. Réessayez dans 2 minutes ou commandez directement sur WhatsApp au +221 77 000 00 00.',
      ],
    ];
    for (const [result, message] of cases) {
      const { handler } = answering(result);
      const answer = unwrap(await formAction(post({ intent: 'save' }), client, { save: handler }));
      expect(answer.data).toEqual({ intent: 'save', ok: false, failure: { message } });
      expect(answer.init?.status).toBe(result.status);
    }
  });

  it('lets the page answer a refused session its own way, knowing which form it was', async () => {
    const { handler } = answering(refusal(401, 'Non authentifié'));
    const answer = (await formAction(
      post({ intent: 'cancel-order' }),
      client,
      { 'cancel-order': handler },
      (result, intent) => (result.status === 401 ? redirect(`/auth/login?from=${intent}`) : undefined),
    )) as Response;
    expect(answer.headers.get('location')).toBe('/auth/login?from=cancel-order');
  });

  it("refuses a form the domain's schema refused before sending, as the API would", async () => {
    const { handler } = answering(refusedBeforeSending('Statut inconnu'));
    const answer = unwrap(await formAction(post({ intent: 'status' }), client, { status: handler }));
    expect(answer.init?.status).toBe(422);
    expect(answer.data).toMatchObject({ failure: { message: 'Statut inconnu' } });
  });

  it('refuses an intent the page does not know (a forged form) with 400, and a body that is not a form with 415', async () => {
    const { sent, handler } = answering({ ok: true, status: 200, data: {}, setCookies: [] });
    const forged = unwrap(await formAction(post({ intent: 'drop' }), client, { save: handler }));
    expect(forged.init?.status).toBe(400);
    expect(forged.data).toEqual({ intent: 'drop', ok: false, failure: { message: 'Action inconnue' } });
    const json = new Request('http://shop.test/page', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expect(formAction(json, client, { save: handler })).rejects.toMatchObject({
      init: { status: 415 },
    });
    expect(sent).toEqual([]);
  });
});
