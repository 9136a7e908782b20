import type { ApiResponse } from '@souk/domain/api';

export class ApiClientError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  constructor(status: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

/** Browser-side call to /api (live widgets only; pages load through loaders). Messages follow spec §8. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: {
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiClientError(0, 'Erreur de connexion');
  }
  let body: ApiResponse<T>;
  try {
    body = (await res.json()) as ApiResponse<T>;
  } catch {
    throw new ApiClientError(res.status, 'Réponse invalide du serveur');
  }
  if (!res.ok || !body.success) {
    const failure = body as { message?: string; errors?: Record<string, string[]> };
    throw new ApiClientError(res.status, failure.message || 'Erreur de requête', failure.errors);
  }
  return body.data;
}
