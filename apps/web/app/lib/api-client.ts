import type { Method, PathOf, RequestOf, ResponseOf } from '@souk/domain/contract';

// The one reader of the API (docs/architecture.md): the path picks the request and response types,
// inferred from the contract's zod schemas (a type-only import: no schema reaches the browser);
// one place unwraps the envelope and turns a failure into the shop's messages. Loaders use it
// over Fastify's inject (lib/api.server.ts), live widgets over fetch (lib/api.client.ts).

export const CONNECTION_ERROR = 'Erreur de connexion';
export const INVALID_RESPONSE = 'Réponse invalide du serveur';
export const REQUEST_ERROR = 'Erreur de requête';

export type ApiResult<T> =
  | { ok: true; status: number; data: T; message?: string; setCookies: string[] }
  | {
      ok: false;
      /** 0 when the API could not be reached. */
      status: number;
      message: string;
      errors?: Record<string, string[]>;
      setCookies: string[];
    };

/** One HTTP exchange, as a transport performs it. `text` is null when nothing could be read. */
export type TransportRequest = {
  method: Method;
  /** Path under /api with its querystring: '/products?page=2'. */
  url: string;
  /** A JSON value, or a FormData sent as multipart/form-data (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Upload progress from 0 to 1 (multipart bodies in the browser). */
  onUploadProgress?: (fraction: number) => void;
};
export type TransportResponse = { status: number; text: string | null; setCookies?: string[] };
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export type CallOptions = Pick<TransportRequest, 'headers' | 'signal' | 'onUploadProgress'>;
type Call<M extends Method> = <P extends PathOf<M>>(
  path: P,
  // biome-ignore lint/complexity/noBannedTypes: `{} extends T` is how to ask "may T be left out entirely?"
  ...args: {} extends RequestOf<M, P>
    ? [request?: RequestOf<M, P> & CallOptions]
    : [request: RequestOf<M, P> & CallOptions]
) => Promise<ApiResult<ResponseOf<M, P>>>;

export type ApiClient = { get: Call<'GET'>; post: Call<'POST'>; put: Call<'PUT'>; delete: Call<'DELETE'> };

type AnyRequest = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
} & CallOptions;

/** '/products/:id' with { id: 5 } and { page: 2 } → '/products/5?page=2' */
export function buildUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>) {
  const filled = path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** The envelope read once: data on success; the server's message, or the shop's, on failure. */
export function readEnvelope<T>(response: TransportResponse): ApiResult<T> {
  const { status, text } = response;
  const setCookies = response.setCookies ?? [];
  let body: unknown;
  try {
    body = text === null ? undefined : JSON.parse(text);
  } catch {
    return { ok: false, status, message: INVALID_RESPONSE, setCookies };
  }
  if (!body || typeof body !== 'object' || typeof (body as { success?: unknown }).success !== 'boolean') {
    return { ok: false, status, message: INVALID_RESPONSE, setCookies };
  }
  const envelope = body as { success: boolean; data?: T; message?: unknown; errors?: unknown };
  const message = typeof envelope.message === 'string' ? envelope.message : undefined;
  if (envelope.success && status >= 200 && status < 300) {
    return { ok: true, status, data: envelope.data as T, message, setCookies };
  }
  const errors =
    envelope.errors && typeof envelope.errors === 'object'
      ? (envelope.errors as Record<string, string[]>)
      : undefined;
  return { ok: false, status, message: message || REQUEST_ERROR, ...(errors ? { errors } : {}), setCookies };
}

/**
 * What a screen says of a failed call: the server's message where it has one of its own;
 * the screen's wording (`fallback`) where the server's is generic — a 5xx's, or no message at all.
 */
export function failureMessage(result: { status: number; message: string }, fallback: string) {
  return result.status >= 500 || result.message === REQUEST_ERROR ? fallback : result.message;
}

/**
 * The screen's wording followed by the server's reason when it has one of its own ('Erreur
 * lors de la mise à jour du statut : …'); a field's message is the reason of a 422. Alone otherwise.
 */
export function failureWithReason(
  result: { status: number; message: string; errors?: Record<string, string[]> },
  wording: string,
) {
  const reason = Object.values(result.errors ?? {})[0]?.[0] ?? failureMessage(result, '');
  return reason ? `${wording} : ${reason}` : wording;
}

export function createApiClient(transport: Transport): ApiClient {
  const call =
    (method: Method) =>
    async (path: string, request: AnyRequest = {}): Promise<ApiResult<never>> => {
      const { params, query, body, ...options } = request;
      let response: TransportResponse;
      try {
        response = await transport({ method, url: buildUrl(path, params, query), body, ...options });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        return { ok: false, status: 0, message: CONNECTION_ERROR, setCookies: [] };
      }
      return readEnvelope(response);
    };
  return {
    get: call('GET') as Call<'GET'>,
    post: call('POST') as Call<'POST'>,
    put: call('PUT') as Call<'PUT'>,
    delete: call('DELETE') as Call<'DELETE'>,
  };
}
