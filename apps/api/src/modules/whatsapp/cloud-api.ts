import { neverSent } from '#shared/never-sent.ts';
import type { WhatsappConfig } from '../../config.ts';

// Meta's WhatsApp Cloud API, called directly (docs/decisions/0041-whatsapp-cloud-api.md): one
// endpoint to send, `POST {WHATSAPP_API_URL}/{phone-number-id}/messages`, with the access token as
// a bearer. Its answer is read as Meta documents it (the 'messages' reference and 'WhatsApp error
// codes'); nothing else of the Graph API is needed to send.

/** How long a send may take before its answer is given up on (and the message is 'uncertain'). */
export const SEND_TIMEOUT_MS = 15_000;

/** What is sent: a template with its variables, or the same words as free text (the 24 h window). */
export type Outgoing = (
  | { kind: 'template'; to: string; template: string; params: readonly string[] }
  | { kind: 'text'; to: string; body: string }
) & {
  /** Echoed by Meta in the message's status notifications (`biz_opaque_callback_data`): our id for it. */
  callback?: string;
};

/**
 * What came of a send:
 * - `sent`: Meta took it (its id names it in the status notifications);
 * - `retry`: not taken, try later (429, 5xx, no connection);
 * - `failed`: refused for good (not on WhatsApp, window closed, template not approved…);
 * - `refused-token`: the token is refused (expired, revoked): every send fails until it is replaced;
 * - `uncertain`: the request went and no answer came: it may have been sent.
 */
export type SendOutcome =
  | { outcome: 'sent'; wamid: string }
  | { outcome: 'retry'; code: number | null; reason: string }
  | { outcome: 'failed' | 'refused-token'; code: number | null; reason: string }
  | { outcome: 'uncertain'; reason: string };

/** Meta's error answer: `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`. */
type GraphError = { error?: { message?: unknown; code?: unknown; error_subcode?: unknown } };

// Codes Meta documents as passing: its throughput (130429), the pair rate limit (131056), an
// unknown or temporary failure on its side (1, 2, 131000, 131016).
const RETRY_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056]);
// The token: expired or revoked (190), or not one (0, 'AuthException').
const TOKEN_CODES = new Set([0, 190]);

/** Whether Meta's `code` says the token itself is refused (every send fails until it is replaced). */
export const isTokenRefusal = (code: number | null) => code !== null && TOKEN_CODES.has(code);

/**
 * Whether a send that failed with `code` may pass if sent again later: no answer, Meta busy or
 * down, the token refused (replaced since). Not a refusal of the message itself (not on
 * WhatsApp, template not approved): that one would fail again.
 */
export const mayPassLater = (code: number | null) =>
  code === null || RETRY_CODES.has(code) || isTokenRefusal(code);

/** Why a message failed, in the owner's words, for the codes a shop meets. */
const REASONS: Record<number, string> = {
  0: "le jeton d'accès WhatsApp est refusé",
  190: "le jeton d'accès WhatsApp a expiré ou a été révoqué",
  10: "l'application Meta n'a pas la permission d'envoyer",
  100: 'un paramètre du message est refusé par WhatsApp',
  130429: 'trop de messages envoyés en peu de temps',
  131000: "WhatsApp n'a pas pu l'envoyer (erreur de son côté)",
  131016: 'le service WhatsApp est momentanément indisponible',
  131026: "ce numéro n'est pas sur WhatsApp ou ne peut pas recevoir ce message",
  131030: "ce numéro n'est pas dans la liste des numéros de test autorisés",
  131021: 'le destinataire est le numéro de la boutique lui-même',
  131031: 'le compte WhatsApp Business de la boutique est bloqué',
  131042: 'un problème de paiement du compte WhatsApp Business',
  131047: 'plus de 24 h depuis son dernier message : seul un modèle approuvé peut lui écrire',
  131049: 'WhatsApp a choisi de ne pas remettre ce message',
  131051: 'type de message non pris en charge',
  131056: 'trop de messages à ce numéro en peu de temps',
  132000: 'le nombre de variables ne correspond pas au modèle approuvé',
  132001: "le modèle n'existe pas ou n'est pas approuvé en français",
  132005: 'le texte du modèle rempli est trop long',
  132007: 'le modèle enfreint les règles de WhatsApp',
  132012: 'les variables ne correspondent pas au modèle approuvé',
  132015: 'le modèle est en pause (qualité trop basse)',
  132016: 'le modèle est désactivé',
  133010: "le numéro de la boutique n'est pas enregistré sur la Cloud API",
};

/** A reason in French for Meta's `code` (with Meta's own title when the code is not one we name). */
export function failureReason(code: number | null, title?: string): string {
  if (code !== null && REASONS[code]) return REASONS[code];
  if (code === null) return 'réponse inattendue de WhatsApp';
  // Meta's titles begin with their code ('(#131009) Parameter value is not valid').
  const words = title?.replace(/^\(#\d+\)\s*/, '').slice(0, 120);
  return `erreur ${code} de WhatsApp${words ? ` (${words})` : ''}`;
}

/** The body of a send, as the 'messages' reference writes it. */
function requestBody(message: Outgoing) {
  const common = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to.replace(/^\+/, ''),
    ...(message.callback ? { biz_opaque_callback_data: message.callback } : {}),
  };
  if (message.kind === 'text')
    return { ...common, type: 'text', text: { preview_url: false, body: message.body } };
  return {
    ...common,
    type: 'template',
    template: {
      name: message.template,
      language: { policy: 'deterministic', code: 'fr' },
      components: message.params.length
        ? [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }]
        : [],
    },
  };
}

/**
 * Sends one message. Never throws for what the network or Meta do: every answer is an outcome.
 * The token is sent in the header only and never appears in an outcome (they are logged and shown).
 */
export async function sendMessage(
  config: Pick<WhatsappConfig, 'apiUrl' | 'phoneNumberId' | 'accessToken'>,
  message: Outgoing,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<SendOutcome> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(requestBody(message)),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (neverSent(error)) return { outcome: 'retry', code: null, reason: 'WhatsApp ne répond pas' };
    return { outcome: 'uncertain', reason: 'la réponse de WhatsApp n’est pas venue' };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) {
    const wamid = (body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
    if (typeof wamid === 'string' && wamid) return { outcome: 'sent', wamid };
    return { outcome: 'uncertain', reason: 'réponse de WhatsApp sans identifiant de message' };
  }
  const error = (body as GraphError | null)?.error;
  const code = typeof error?.code === 'number' ? error.code : null;
  const title = typeof error?.message === 'string' ? error.message : undefined;
  if (response.status === 401 || isTokenRefusal(code))
    return { outcome: 'refused-token', code: code ?? 190, reason: failureReason(code ?? 190) };
  if (response.status === 429 || response.status >= 500 || (code !== null && RETRY_CODES.has(code)))
    return {
      outcome: 'retry',
      code,
      reason: code === null ? 'WhatsApp ne répond pas' : failureReason(code, title),
    };
  return { outcome: 'failed', code, reason: failureReason(code, title) };
}

/** A template as the WhatsApp Business Account holds it (`GET /{waba-id}/message_templates`). */
export type HeldTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  body: string | null;
};

/** A management call's failure, with Meta's code and title (never the token). */
export class CloudApiError extends Error {}

async function management(config: WhatsappConfig, path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${encodeURIComponent(config.businessAccountId)}/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    throw new CloudApiError('WhatsApp ne répond pas');
  }
  const body = (await response.json().catch(() => null)) as GraphError | null;
  if (!response.ok) {
    const code = typeof body?.error?.code === 'number' ? body.error.code : null;
    const title = typeof body?.error?.message === 'string' ? body.error.message : undefined;
    throw new CloudApiError(failureReason(code, title));
  }
  return body;
}

/** The account's templates of `name` (every language), their approval state and body. */
export async function findTemplates(config: WhatsappConfig, name: string): Promise<HeldTemplate[]> {
  const body = (await management(
    config,
    `message_templates?name=${encodeURIComponent(name)}&fields=id,name,language,status,components&limit=100`,
  )) as {
    data?: {
      id: string;
      name: string;
      language: string;
      status: string;
      components?: { type: string; text?: string }[];
    }[];
  };
  return (body.data ?? [])
    .filter((t) => t.name === name)
    .map((t) => ({
      id: t.id,
      name: t.name,
      language: t.language,
      status: t.status,
      body: t.components?.find((c) => c.type === 'BODY')?.text ?? null,
    }));
}

/** Submits a template for Meta's approval: its id and state ('PENDING', 'APPROVED', 'REJECTED'). */
export async function createTemplate(
  config: WhatsappConfig,
  definition: unknown,
): Promise<{ id: string; status: string }> {
  const body = (await management(config, 'message_templates', {
    method: 'POST',
    body: JSON.stringify(definition),
  })) as { id?: string; status?: string };
  return { id: String(body.id ?? ''), status: String(body.status ?? 'PENDING') };
}
