import {
  CANCEL_REASON_REQUIRED,
  ORDER_CANCELLED_BY_SHOP,
  ORDER_REINSTATED,
  REFUND_RECORDED,
} from '@souk/domain/admin-orders';
import { type ActionFunctionArgs, RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serverContext } from '#api-context';
import type { Transport, TransportRequest } from '~/lib/api-client';
import { ordersScreenAction } from './orders-screen.server';

// The orders screen's action as the server runs it: each form read with the API's own schema
// (nothing sent when it refuses), the call it makes, and what the screen gets back — the order as
// the API answered it for the WhatsApp offer, a field error for the dialog, or the toast's words.

/** Only what the action hands on of the API's order: it is not read here. */
const ORDER = { id: 7, order_number: 'CMD-20261128-0007', status: 'annulée' };

type Answer = { status: number; body: unknown };
const answer = (status: number, body: unknown): Answer => ({ status, body });
const success = (message: string) => answer(200, { success: true, data: { order: ORDER }, message });
const refusal = (status: number, message: string, errors?: Record<string, string[]>) =>
  answer(status, { success: false, message, ...(errors ? { errors } : {}) });

/** Posts `fields` to the action; the API answers `reply`. Answers what the page gets and what was sent. */
async function post(fields: Record<string, string>, reply: Answer = success('')) {
  const sent: TransportRequest[] = [];
  const context = new RouterContextProvider();
  context.set(serverContext, {
    api: (async (request) => {
      sent.push(request);
      return { status: reply.status, text: JSON.stringify(reply.body) };
    }) satisfies Transport,
  } as never);
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request('http://souk.test/admin/orders', { method: 'POST', body });
  const result = await ordersScreenAction({ request, context, params: {} } as unknown as ActionFunctionArgs);
  // A refusal comes wrapped by `data()` with its status.
  const wrapped = result as { data?: unknown; init?: { status: number } | null };
  return {
    outcome: (wrapped.init ? wrapped.data : result) as Record<string, unknown>,
    status: wrapped.init?.status ?? 200,
    sent: sent.map(({ method, url, body }) => ({ method, url, body })),
  };
}

describe("the orders screen's cancellation", () => {
  it('sends the reason with the status, and hands the order as answered to the screen', async () => {
    const { outcome, sent } = await post(
      { intent: 'status', id: '7', status: 'annulée', reason: ' Client injoignable ' },
      success(ORDER_CANCELLED_BY_SHOP),
    );
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/admin/orders/7/status',
        body: { status: 'annulée', reason: 'Client injoignable' },
      },
    ]);
    expect(outcome).toEqual({ intent: 'status', ok: true, message: ORDER_CANCELLED_BY_SHOP, order: ORDER });
  });

  it('refuses a cancellation without a reason under its field, sending nothing', async () => {
    const { outcome, status, sent } = await post({
      intent: 'status',
      id: '7',
      status: 'annulée',
      reason: ' ',
    });
    expect(sent).toEqual([]);
    expect(status).toBe(422);
    expect(outcome).toEqual({
      intent: 'status',
      ok: false,
      failure: { errors: { reason: CANCEL_REASON_REQUIRED } },
    });
  });

  it("keeps the API's refusal of the reason under its field, and says any other refusal with the screen's words", async () => {
    const unfit = await post(
      { intent: 'status', id: '7', status: 'annulée', reason: 'Non' },
      refusal(422, CANCEL_REASON_REQUIRED, { reason: [CANCEL_REASON_REQUIRED] }),
    );
    expect(unfit.outcome.failure).toEqual({ errors: { reason: CANCEL_REASON_REQUIRED } });
    const moved = await post(
      { intent: 'status', id: '7', status: 'annulée', reason: 'Client injoignable' },
      refusal(409, 'La commande est déjà « Annulée »'),
    );
    expect(moved.status).toBe(409);
    expect(moved.outcome.failure).toEqual({
      message: 'Erreur lors de la mise à jour du statut : La commande est déjà « Annulée »',
    });
  });

  it('sends no reason with a step forward, and still refuses a forged status', async () => {
    const { sent } = await post({ intent: 'status', id: '7', status: 'prête' });
    expect(sent[0]?.body).toEqual({ status: 'prête' });
    const forged = await post({ intent: 'status', id: '7', status: 'livrée' });
    expect(forged.sent).toEqual([]);
    expect(forged.outcome.failure).toEqual({
      message: 'Erreur lors de la mise à jour du statut : Statut de commande inconnu',
    });
  });
});

describe("the orders screen's refund", () => {
  it('records how the order was refunded, and hands the order as answered to the screen', async () => {
    const { outcome, sent } = await post(
      { intent: 'refund', id: '7', method: 'Orange Money, réf. 12345' },
      success(REFUND_RECORDED),
    );
    expect(sent).toEqual([
      { method: 'PUT', url: '/admin/orders/7/refund', body: { method: 'Orange Money, réf. 12345' } },
    ]);
    expect(outcome).toEqual({ intent: 'refund', ok: true, message: REFUND_RECORDED, order: ORDER });
  });

  it('refuses a refund without how under its field, sending nothing; a 409 says why', async () => {
    const missing = await post({ intent: 'refund', id: '7', method: '' });
    expect(missing.sent).toEqual([]);
    expect(missing.status).toBe(422);
    expect(Object.keys((missing.outcome.failure as { errors: object }).errors)).toEqual(['method']);
    const twice = await post(
      { intent: 'refund', id: '7', method: 'Espèces' },
      refusal(409, 'Le remboursement de cette commande est déjà enregistré'),
    );
    expect(twice.outcome.failure).toEqual({
      message:
        "Erreur lors de l'enregistrement du remboursement : Le remboursement de cette commande est déjà enregistré",
    });
  });
});

describe("the orders screen's reinstatement", () => {
  it('reinstates the order, and hands the order as answered to the screen', async () => {
    const { outcome, sent } = await post({ intent: 'reinstate', id: '7' }, success(ORDER_REINSTATED));
    expect(sent).toEqual([{ method: 'POST', url: '/admin/orders/7/reinstate', body: undefined }]);
    expect(outcome).toEqual({ intent: 'reinstate', ok: true, message: ORDER_REINSTATED, order: ORDER });
  });

  it("says a refusal in the API's own words (the stock sold since)", async () => {
    const short = 'Stock insuffisant pour « Savon noir » : 1 disponible(s)';
    const { outcome, status } = await post({ intent: 'reinstate', id: '7' }, refusal(409, short));
    expect(status).toBe(409);
    expect(outcome.failure).toEqual({ message: short });
  });
});
