import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Orange Money's Web Payment API, for the tests (nothing in a test reaches the
// internet). It answers as Orange's developer documents describe it: the OAuth token
// (`POST /oauth/v3/token`, Basic client id and secret, `grant_type=client_credentials`), then with
// that bearer `POST /orange-money-webpay/{country}/v1/webpayment` (201 `{ status, message,
// pay_token, payment_url, notif_token }`) and `POST …/transactionstatus` (`{ status, order_id,
// txnid }`); its payment page approves or declines, posts `{ status, notif_token, txnid }` to the
// payment's `notif_url` and sends the customer back. A test can revoke the tokens, make the next call
// fail or drop, hold notifications back, and forge them.

export const ORANGE_MONEY_SIMULATED = {
  clientId: 'om-client-id-de-test',
  clientSecret: 'om-client-secret-qui-ne-doit-jamais-apparaitre',
  merchantKey: 'om-merchant-key-de-test',
  /** The sandbox's path and currency. */
  country: 'dev',
  currency: 'OUV',
};

export type OrangeMoneySimPayment = {
  pay_token: string;
  notif_token: string;
  order_id: string;
  amount: number;
  currency: string;
  return_url: string;
  cancel_url: string;
  notif_url: string;
  status: 'INITIATED' | 'PENDING' | 'SUCCESS' | 'FAILED' | 'EXPIRED';
  txnid: string | null;
};

export type OrangeMoneyFault = 'refuse' | 'server-error' | 'drop' | 'lose-answer';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export async function startOrangeMoneySimulator(port = 0) {
  const payments = new Map<string, OrangeMoneySimPayment>();
  const tokens = new Set<string>();
  const faults: OrangeMoneyFault[] = [];
  const calls: string[] = [];
  let base = '';
  const state = {
    /** Whether a paid or declined page notifies the shop (false: a lost notification). */
    notify: true,
    delivered: [] as { status: string; answer: number }[],
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** The notification of a payment, as Orange Money posts it (`change` forges it). */
  const notification = (payToken: string, change: Record<string, unknown> = {}) => {
    const payment = payments.get(payToken);
    if (!payment) throw new Error(`no payment ${payToken}`);
    return {
      url: payment.notif_url,
      body: JSON.stringify({
        status: payment.status,
        notif_token: payment.notif_token,
        txnid: payment.txnid,
        ...change,
      }),
    };
  };

  async function notify(payToken: string) {
    if (!state.notify) return;
    const { url, body } = notification(payToken);
    const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    state.delivered.push({ status: payments.get(payToken)?.status ?? '', answer: res.status });
  }

  /** The payment paid (its page's 'Payer'). */
  function complete(payToken: string) {
    const payment = payments.get(payToken);
    if (!payment) throw new Error(`no payment ${payToken}`);
    Object.assign(payment, { status: 'SUCCESS', txnid: `MP${randomBytes(5).toString('hex').toUpperCase()}` });
    return payment;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    const page = /^\/om\/pay\/([^/]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    if (page) {
      const payment = payments.get(decodeURIComponent(page[1] as string));
      if (!payment) return json(res, 404, { code: 404, message: 'Not found' });
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="fr"><meta charset="utf-8"><title>Orange Money</title>
<h1>Orange Money</h1><p>Payer ${payment.amount} ${payment.currency} : commande ${payment.order_id}</p>
<form method="post" action="/om/pay/${payment.pay_token}/pay"><button>Payer</button></form>
<form method="post" action="/om/pay/${payment.pay_token}/decline"><button>Refuser</button></form></html>`);
      }
      if (payment.status === 'INITIATED' || payment.status === 'PENDING') {
        if (page[2] === 'pay') complete(payment.pay_token);
        else payment.status = 'FAILED';
        await notify(payment.pay_token);
      }
      res.writeHead(303, {
        location: payment.status === 'SUCCESS' ? payment.return_url : payment.cancel_url,
      });
      return res.end();
    }

    calls.push(`${req.method} ${url.pathname}`);
    if (req.method === 'POST' && url.pathname === '/oauth/v3/token') {
      const expected = Buffer.from(
        `${ORANGE_MONEY_SIMULATED.clientId}:${ORANGE_MONEY_SIMULATED.clientSecret}`,
      ).toString('base64');
      if (req.headers.authorization !== `Basic ${expected}` || body !== 'grant_type=client_credentials')
        return json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      const token = `om-access-${randomBytes(8).toString('hex')}`;
      tokens.add(token);
      return json(res, 200, { token_type: 'Bearer', access_token: token, expires_in: 7_776_000 });
    }

    const fault = faults.shift();
    if (fault === 'drop') return req.socket.destroy();
    if (fault === 'server-error') return json(res, 500, { code: 5000, message: 'Internal error' });
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer)) return json(res, 401, { code: 42, message: 'Expired credentials' });
    if (fault === 'refuse') return json(res, 400, { code: 1101, message: 'Refused by the test' });

    const api = /^\/orange-money-webpay\/([a-z]+)\/v1\/(webpayment|transactionstatus)$/.exec(url.pathname);
    if (req.method !== 'POST' || !api) return json(res, 404, { code: 404, message: 'Resource not found' });
    const input = JSON.parse(body || '{}') as Record<string, unknown>;
    if (api[2] === 'webpayment') {
      if (input.merchant_key !== ORANGE_MONEY_SIMULATED.merchantKey)
        return json(res, 400, { code: 1103, message: 'Invalid merchant key' });
      if (
        typeof input.amount !== 'number' ||
        typeof input.order_id !== 'string' ||
        typeof input.notif_url !== 'string'
      )
        return json(res, 400, { code: 1101, message: 'Invalid request' });
      const payment: OrangeMoneySimPayment = {
        pay_token: `v1${randomBytes(10).toString('hex')}`,
        notif_token: randomBytes(16).toString('hex'),
        order_id: input.order_id,
        amount: input.amount,
        currency: String(input.currency),
        return_url: String(input.return_url),
        cancel_url: String(input.cancel_url),
        notif_url: input.notif_url,
        status: 'INITIATED',
        txnid: null,
      };
      payments.set(payment.pay_token, payment);
      if (fault === 'lose-answer') return req.socket.destroy();
      return json(res, 201, {
        status: 201,
        message: 'OK',
        pay_token: payment.pay_token,
        payment_url: `${base}/om/pay/${payment.pay_token}`,
        notif_token: payment.notif_token,
      });
    }
    const payment = payments.get(String(input.pay_token));
    if (!payment || payment.order_id !== input.order_id || payment.amount !== input.amount)
      return json(res, 400, { code: 1101, message: 'Transaction not found' });
    return json(res, 201, { status: payment.status, order_id: payment.order_id, txnid: payment.txnid });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    /** The settings of a shop that takes Orange Money through this simulator (its sandbox). */
    env: {
      ORANGE_MONEY_CLIENT_ID: ORANGE_MONEY_SIMULATED.clientId,
      ORANGE_MONEY_CLIENT_SECRET: ORANGE_MONEY_SIMULATED.clientSecret,
      ORANGE_MONEY_MERCHANT_KEY: ORANGE_MONEY_SIMULATED.merchantKey,
      ORANGE_MONEY_COUNTRY: ORANGE_MONEY_SIMULATED.country,
      ORANGE_MONEY_CURRENCY: ORANGE_MONEY_SIMULATED.currency,
      ORANGE_MONEY_API_URL: base,
    },
    payments,
    calls,
    state,
    complete,
    notification,
    /** Every token given so far stops working (revoked, or ended early). */
    revokeTokens: () => tokens.clear(),
    fail: (...next: OrangeMoneyFault[]) => faults.push(...next),
    /** The payments of an order, by its number. */
    paymentsOf: (orderNumber: string) =>
      [...payments.values()].filter((p) => p.order_id.startsWith(`${orderNumber}-`)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type OrangeMoneySimulator = Awaited<ReturnType<typeof startOrangeMoneySimulator>>;
