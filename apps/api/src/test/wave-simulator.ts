import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Wave's Checkout API and its webhook, for the tests (nothing in a test reaches
// the internet). It answers as docs.wave.com/checkout documents: `POST /v1/checkout/sessions`
// (the API key as a bearer; the amount a string in francs; XOF only), `GET /v1/checkout/sessions/:id`,
// `GET /v1/checkout/sessions/search?client_reference=` (`{ result: [...] }`), `POST …/:id/expire`,
// `POST …/:id/refund`;
// errors as `{ code, message }`. Its payment page (the session's `wave_launch_url`) approves or
// declines, notifies the shop with a signed event (docs.wave.com/webhook: `Wave-Signature:
// t=<seconds>,v1=<HMAC-SHA256(secret, t + body)>`) and sends the customer back. A test can make the
// next call fail or drop, hold notifications back, and sign events itself.

export const WAVE_SIMULATED = {
  apiKey: 'wave_sn_prod_cle-de-test-qui-ne-doit-jamais-apparaitre',
  webhookSecret: 'wave_sn_WHS_secret-de-test',
};

export type WaveSimSession = {
  id: string;
  amount: string;
  currency: string;
  client_reference: string | null;
  business_name: string;
  checkout_status: 'open' | 'complete' | 'expired';
  payment_status: 'processing' | 'cancelled' | 'succeeded';
  transaction_id?: string;
  wave_launch_url: string;
  success_url: string;
  error_url: string;
  when_created: string;
  when_expires: string;
  when_completed?: string;
  last_payment_error?: { code: string; message: string } | null;
};

/** What the next API call gets instead of its answer. */
/** `lose-answer`: the session is created, and the connection dropped before its answer (a crash's view). */
export type WaveFault = 'refuse' | 'server-error' | 'drop' | 'lose-answer' | 'bad-key';

/** An event as Wave posts it, with its headers: signed with `secret` at `timestamp` (seconds). */
export function waveEvent(
  type: 'checkout.session.completed' | 'checkout.session.payment_failed',
  session: WaveSimSession,
  {
    secret = WAVE_SIMULATED.webhookSecret,
    timestamp = Math.floor(Date.now() / 1000),
    id = `EV_${randomBytes(6).toString('hex')}`,
  } = {},
) {
  const body = JSON.stringify({ id, type, data: session });
  const signature = createHmac('sha256', secret).update(`${timestamp}${body}`).digest('hex');
  return {
    body,
    headers: { 'content-type': 'application/json', 'wave-signature': `t=${timestamp},v1=${signature}` },
  };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const page = (title: string, body: string) =>
  `<!doctype html><html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><body><h1>${title}</h1>${body}</body></html>`;

export async function startWaveSimulator(port = 0, options: { notifyUrl?: string } = {}) {
  const sessions = new Map<string, WaveSimSession>();
  const faults: WaveFault[] = [];
  /** The sessions whose payment was given back. */
  const refunded = new Set<string>();
  /** Every API call, in order ('POST /v1/checkout/sessions'…). */
  const calls: string[] = [];
  let base = '';
  const state = {
    /** Where events go once a session is paid or declined on its page (null: held back, a lost notification). */
    notifyUrl: options.notifyUrl ?? null,
    /** What the simulator posted and the shop's answers' statuses. */
    delivered: [] as { type: string; status: number }[],
  };

  async function notify(type: Parameters<typeof waveEvent>[0], session: WaveSimSession) {
    if (!state.notifyUrl) return;
    const { body, headers } = waveEvent(type, session);
    const res = await fetch(state.notifyUrl, { method: 'POST', body, headers });
    state.delivered.push({ type, status: res.status });
  }

  /** The session paid (as its page's 'Payer' does), with what Wave would say of it. */
  function complete(id: string, change: Partial<WaveSimSession> = {}) {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    Object.assign(session, {
      checkout_status: 'complete',
      payment_status: 'succeeded',
      transaction_id: `TCN${randomBytes(5).toString('hex').toUpperCase()}`,
      when_completed: new Date().toISOString(),
      ...change,
    });
    return session;
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    // The payment page: no key, the customer's browser.
    const pageMatch = /^\/c\/([^/]+)(?:\/(pay|decline))?$/.exec(url.pathname);
    if (pageMatch) {
      const session = sessions.get(decodeURIComponent(pageMatch[1] as string));
      if (!session) return json(res, 404, { code: 'not-found', message: 'Session not found' });
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          page(
            'Wave',
            `<p>Payer ${session.amount} F CFA à ${session.business_name}</p>
<form method="post" action="/c/${session.id}/pay"><button>Payer</button></form>
<form method="post" action="/c/${session.id}/decline"><button>Refuser</button></form>`,
          ),
        );
      }
      if (pageMatch[2] === 'pay' && session.checkout_status === 'open') {
        complete(session.id);
        await notify('checkout.session.completed', session);
        res.writeHead(303, { location: session.success_url });
        return res.end();
      }
      if (pageMatch[2] === 'decline' && session.checkout_status === 'open') {
        Object.assign(session, {
          payment_status: 'cancelled',
          last_payment_error: { code: 'payment-failure', message: 'Solde insuffisant' },
        });
        await notify('checkout.session.payment_failed', session);
        res.writeHead(303, { location: session.error_url });
        return res.end();
      }
      return json(res, 409, { code: 'checkout-session-not-open', message: 'Session is not open' });
    }

    calls.push(`${req.method} ${url.pathname}`);
    const fault = faults.shift();
    if (fault === 'drop') return req.socket.destroy();
    if (fault === 'server-error') return json(res, 500, { code: 'internal-server-error', message: 'Oops' });
    if (fault === 'bad-key' || req.headers.authorization !== `Bearer ${WAVE_SIMULATED.apiKey}`)
      return json(res, 401, { code: 'no-matching-api-key', message: "The key you provided doesn't exist" });
    if (fault === 'refuse')
      return json(res, 400, { code: 'request-validation-error', message: 'Refused by the test' });

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const input = JSON.parse(body || '{}') as Record<string, unknown>;
      if (typeof input.amount !== 'string' || !/^\d+$/.test(input.amount) || input.currency !== 'XOF')
        return json(res, 400, { code: 'request-validation-error', message: 'amount or currency invalid' });
      const id = `cos-${randomBytes(8).toString('hex')}`;
      const now = Date.now();
      const session: WaveSimSession = {
        id,
        amount: input.amount,
        currency: input.currency,
        client_reference: typeof input.client_reference === 'string' ? input.client_reference : null,
        business_name: 'Souk',
        checkout_status: 'open',
        payment_status: 'processing',
        wave_launch_url: `${base}/c/${id}`,
        success_url: String(input.success_url),
        error_url: String(input.error_url),
        when_created: new Date(now).toISOString(),
        when_expires: new Date(now + 30 * 60_000).toISOString(),
        last_payment_error: null,
      };
      sessions.set(id, session);
      if (fault === 'lose-answer') return req.socket.destroy();
      return json(res, 200, session);
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions/search') {
      const reference = url.searchParams.get('client_reference');
      return json(res, 200, {
        result: [...sessions.values()].filter((s) => s.client_reference === reference),
      });
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire|\/refund)?$/.exec(url.pathname);
    const session = sessionMatch && sessions.get(decodeURIComponent(sessionMatch[1] as string));
    if (!session) return json(res, 404, { code: 'not-found', message: 'Checkout session not found' });
    if (req.method === 'GET' && !sessionMatch?.[2]) return json(res, 200, session);
    if (req.method === 'POST' && sessionMatch?.[2] === '/refund') {
      if (session.payment_status !== 'succeeded' || refunded.has(session.id))
        return json(res, 409, { code: 'checkout-refund-failed', message: 'Nothing to refund' });
      refunded.add(session.id);
      return json(res, 200, {});
    }
    if (req.method === 'POST' && sessionMatch?.[2]) {
      if (session.checkout_status !== 'open')
        return json(res, 409, { code: 'checkout-session-not-open', message: 'Session is not open' });
      Object.assign(session, { checkout_status: 'expired', when_completed: new Date().toISOString() });
      return json(res, 200, session);
    }
    return json(res, 404, { code: 'not-found', message: 'Unknown endpoint' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    /** The settings of a shop that takes Wave payments through this simulator. */
    env: {
      WAVE_API_KEY: WAVE_SIMULATED.apiKey,
      WAVE_WEBHOOK_SECRET: WAVE_SIMULATED.webhookSecret,
      WAVE_API_URL: base,
    },
    sessions,
    refunded,
    calls,
    state,
    complete,
    /** The next API calls fail this way, in order. */
    fail: (...next: WaveFault[]) => faults.push(...next),
    /** A session's notification, signed as Wave would post it (for the tests' own deliveries). */
    event: (type: Parameters<typeof waveEvent>[0], id: string, options?: Parameters<typeof waveEvent>[2]) => {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      return waveEvent(type, session, options);
    },
    /** The only session of a client reference starting with the order's number. */
    sessionOf: (orderNumber: string) =>
      [...sessions.values()].filter((s) => s.client_reference?.startsWith(`${orderNumber}-`)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type WaveSimulator = Awaited<ReturnType<typeof startWaveSimulator>>;
