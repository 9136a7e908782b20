import type { ApiResponse } from '@souk/domain/api';
import { data, type RouterContextProvider } from 'react-router';
import { serverContext } from '#api-context';

/** Thrown by loaders: React Router renders the nearest ErrorBoundary with this status and message. */
export function apiError(status: number, message: string) {
  return data({ message }, { status });
}

/**
 * Calls the REST API from a loader or action (in-process, the visitor's cookie forwarded).
 * Returns `data` on success; throws a Response the ErrorBoundary shows otherwise.
 */
export async function apiGet<T>(context: Readonly<RouterContextProvider>, path: string): Promise<T> {
  const { status, body } = await context.get(serverContext).api(path);
  const envelope = body as ApiResponse<T>;
  if (status >= 200 && status < 300 && envelope.success) return envelope.data;
  const message = envelope.success === false ? envelope.message : 'Erreur de requête';
  throw apiError(status || 500, message);
}

export const serverConfig = (context: Readonly<RouterContextProvider>) => {
  const { publicUrl, shopWhatsapp, agencyLocation } = context.get(serverContext);
  return { publicUrl, shopWhatsapp, agencyLocation };
};

export type ApiOutcome<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; message: string };

/** Calls the API from a loader or action and hands any failure back (status 0: unreachable). */
export async function apiRequest<T>(
  context: Readonly<RouterContextProvider>,
  path: string,
  init?: { method?: string; body?: unknown },
): Promise<ApiOutcome<T>> {
  try {
    const { status, body } = await context.get(serverContext).api(path, init);
    const envelope = body as ApiResponse<T> | null;
    if (status >= 200 && status < 300 && envelope?.success) return { ok: true, status, data: envelope.data };
    const message = envelope && envelope.success === false && envelope.message ? envelope.message : '';
    return { ok: false, status, message };
  } catch {
    return { ok: false, status: 0, message: '' };
  }
}
