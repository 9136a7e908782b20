import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Meta's Graph API, for the tests (nothing in a test reaches the internet). It
// answers `POST /{version}/{phone-number-id}/messages` as the Cloud API's 'messages' reference
// documents: the bearer token checked, the message acknowledged with a 'wamid', or one of Meta's
// error bodies (`{ error: { message, type, code, error_data, fbtrace_id } }`) when a test asks for
// it; it can also take a request and never answer, or drop the connection once it has read it.

export const SIMULATED = {
  version: 'v26.0',
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  accessToken: 'EAAG-jeton-de-test-qui-ne-doit-jamais-apparaitre',
  appSecret: 'secret-de-l-application-de-test',
  verifyToken: 'verification-de-test',
};

/** A status notification's entry, as the 'messages' webhook's `statuses[]` carries it. */
export type SimulatedStatus = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  callback?: string;
  error?: { code: number; title: string };
};

/**
 * A notification of the 'messages' webhook ('Status messages webhook reference') with these
 * statuses, and the headers Meta posts it with: signed with `appSecret` (the app's by default).
 */
export function statusNotification(statuses: SimulatedStatus[], appSecret = SIMULATED.appSecret) {
  return messagesNotification(
    {
      statuses: statuses.map((s) => ({
        id: s.id,
        status: s.status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: '221771234567',
        ...(s.callback ? { biz_opaque_callback_data: s.callback } : {}),
        ...(s.error
          ? {
              errors: [
                {
                  code: s.error.code,
                  title: s.error.title,
                  message: s.error.title,
                  error_data: { details: s.error.title },
                },
              ],
            }
          : {
              pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
            }),
      })),
    },
    appSecret,
  );
}

/** A customer's message to the shop's number, as the 'messages' webhook's `messages[]` carries it. */
export type SimulatedIncoming = {
  /** Her number, digits only (Meta's wa_id). */
  from: string;
  id?: string;
  /** The name of her WhatsApp profile. */
  name?: string;
  /** When she wrote (seconds); now by default. */
  timestamp?: number;
} & (
  | { type: 'text'; text: string }
  | { type: 'image'; caption?: string }
  | { type: 'audio' }
  | { type: 'sticker' }
);

let incomingIds = 0;

/**
 * A notification of customers' messages ('Messages webhook reference': `contacts[]` with each
 * sender's profile, `messages[]` with each message), signed as Meta signs it.
 */
export function incomingNotification(messages: SimulatedIncoming[], appSecret = SIMULATED.appSecret) {
  return messagesNotification(
    {
      contacts: messages.map((m) => ({ profile: { name: m.name ?? 'Cliente' }, wa_id: m.from })),
      messages: messages.map((m) => ({
        from: m.from,
        id: m.id ?? `wamid.HBgM${randomBytes(6).toString('hex')}${++incomingIds}`,
        timestamp: String(m.timestamp ?? Math.floor(Date.now() / 1000)),
        type: m.type,
        ...(m.type === 'text' ? { text: { body: m.text } } : {}),
        ...(m.type === 'image'
          ? {
              image: {
                ...(m.caption ? { caption: m.caption } : {}),
                mime_type: 'image/jpeg',
                sha256: 'c2hh',
                id: '1003',
              },
            }
          : {}),
        ...(m.type === 'audio'
          ? { audio: { mime_type: 'audio/ogg; codecs=opus', sha256: 'c2hh', id: '1004', voice: true } }
          : {}),
        ...(m.type === 'sticker'
          ? { sticker: { mime_type: 'image/webp', sha256: 'c2hh', id: '1005', animated: false } }
          : {}),
      })),
    },
    appSecret,
  );
}

/** The 'messages' field's envelope around `value`, and the headers Meta posts it with. */
function messagesNotification(value: Record<string, unknown>, appSecret: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: SIMULATED.businessAccountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '221770000000', phone_number_id: SIMULATED.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  return { body, headers: webhookHeaders(body, appSecret) };
}

/** The headers of a webhook post of `body`: JSON, and X-Hub-Signature-256 with `appSecret`. */
export const webhookHeaders = (body: string | Buffer, appSecret = SIMULATED.appSecret) => ({
  'content-type': 'application/json',
  'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`,
});

/** A message as the simulator received it. */
export type SimulatedSend = {
  to: string;
  type: string;
  template?: { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
  text?: { body: string };
  biz_opaque_callback_data?: string;
  /** The id the simulator gave it (none when it refused it). */
  wamid: string | null;
};

/** What the next send is answered: Meta's acceptance (default), one of its errors, silence, or a dropped connection. */
export type SimulatedAnswer = { status: number; code: number; title: string } | 'hang' | 'drop';

/** Meta's error body for `code` ('WhatsApp error codes' reference). */
export const metaError = (code: number, title: string) => ({
  error: {
    message: `(#${code}) ${title}`,
    type: 'OAuthException',
    code,
    error_data: { messaging_product: 'whatsapp', details: title },
    fbtrace_id: `A${randomBytes(8).toString('hex')}`,
  },
});

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the simulator on `port` (a free one by default: a journey gives its worker's own). */
export async function startWhatsappSimulator(port = 0) {
  const sent: SimulatedSend[] = [];
  const answers: { to: string | null; answer: SimulatedAnswer }[] = [];
  const hanging = new Set<ServerResponse>();
  // The WhatsApp Business Account's templates ('Message templates' reference): created PENDING.
  const templates: {
    id: string;
    name: string;
    language: string;
    category: string;
    status: string;
    components: { type: string; text?: string }[];
  }[] = [];
  const server = createServer(async (request, response) => {
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (url.pathname === `/${SIMULATED.version}/${SIMULATED.businessAccountId}/message_templates`) {
      if (request.headers.authorization !== `Bearer ${SIMULATED.accessToken}`)
        return json(401, metaError(190, 'Error validating access token: Session has expired'));
      if (request.method === 'GET') {
        const name = url.searchParams.get('name');
        return json(200, { data: templates.filter((t) => !name || t.name === name), paging: {} });
      }
      const definition = (await readJson(request)) as Omit<(typeof templates)[number], 'id' | 'status'>;
      if (templates.some((t) => t.name === definition.name && t.language === definition.language))
        return json(400, metaError(100, 'Invalid parameter: Content in this language already exists'));
      const created = { ...definition, id: String(templates.length + 1_000_000_000), status: 'PENDING' };
      templates.push(created);
      return json(200, { id: created.id, status: created.status, category: created.category });
    }
    const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match || match[2] !== SIMULATED.phoneNumberId) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(metaError(100, 'Unsupported post request')));
      return;
    }
    const body = (await readJson(request)) as Omit<SimulatedSend, 'wamid'> & { messaging_product?: string };
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${SIMULATED.accessToken}`) {
      sent.push({ ...body, wamid: null });
      reply(401, metaError(190, 'Error validating access token: Session has expired'));
      return;
    }
    const index = answers.findIndex((a) => a.to === null || a.to === body.to);
    const answer = index < 0 ? undefined : answers.splice(index, 1)[0]?.answer;
    if (answer === 'drop') {
      sent.push({ ...body, wamid: null });
      request.socket.destroy();
      return;
    }
    if (answer === 'hang') {
      sent.push({ ...body, wamid: null });
      hanging.add(response);
      return;
    }
    if (answer) {
      sent.push({ ...body, wamid: null });
      reply(answer.status, metaError(answer.code, answer.title));
      return;
    }
    const wamid = `wamid.${randomBytes(24).toString('base64url')}`;
    sent.push({ ...body, wamid });
    reply(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: wamid, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${SIMULATED.version}`;
  return {
    /** Every send received, in order. */
    sent,
    /** The settings of a shop that writes through this simulator. */
    env: {
      WHATSAPP_ACCESS_TOKEN: SIMULATED.accessToken,
      WHATSAPP_PHONE_NUMBER_ID: SIMULATED.phoneNumberId,
      WHATSAPP_BUSINESS_ACCOUNT_ID: SIMULATED.businessAccountId,
      WHATSAPP_APP_SECRET: SIMULATED.appSecret,
      WHATSAPP_VERIFY_TOKEN: SIMULATED.verifyToken,
      WHATSAPP_API_URL: apiUrl,
    },
    /** The next sends are answered so, in order; then Meta's acceptance again. */
    answerNext(...next: SimulatedAnswer[]) {
      answers.push(...next.map((answer) => ({ to: null, answer })));
    },
    /** The next sends to `to` (digits) are answered so, in order; others as before. */
    answerNextTo(to: string, ...next: SimulatedAnswer[]) {
      answers.push(...next.map((answer) => ({ to, answer })));
    },
    /** The account's templates, as Meta keeps them (a test approves, pauses or edits them). */
    templates,
    /** The templates' names sent to `to` (digits, as the Cloud API takes them), in order. */
    templatesTo: (to: string) => sent.filter((s) => s.to === to).map((s) => s.template?.name),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WhatsappSimulator = Awaited<ReturnType<typeof startWhatsappSimulator>>;
