import { isRouteErrorResponse } from 'react-router';
import { island } from '~/lib/island';

/** The message a loader put in `data({ message }, { status })`, or the fallback. */
export function routeErrorInfo(error: unknown, fallback: string): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const body = error.data as { message?: unknown } | string | null;
    const message =
      typeof body === 'object' && body && typeof body.message === 'string' ? body.message : fallback;
    return { status: error.status, message };
  }
  return { status: 500, message: fallback };
}

/**
 * Full-page error used by route ErrorBoundaries (error-state-view): a page that fails is rare, so
 * its code is not in every page's first load.
 */
export const ErrorState = island(() => import('./error-state-view').then((m) => m.ErrorState), 'idle');
