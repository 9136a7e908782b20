import {
  BELL_EVENT,
  ORDER_EVENT_PREFIX,
  RESYNC_EVENT,
  STREAM_OPEN_EVENT,
} from '@souk/domain/back-office-events';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';

// An open back office follows what changes without a reload (docs/decisions/0042): the API's
// events stream (GET /api/admin/events) says 'bell' or 'order:<id>' whichever process made the
// change, and the page reads itself again through its loaders, so what it shows is always what
// they answer (no second way of building a card).

const EVENTS_URL = '/api/admin/events';
/**
 * How far apart two of the shop's processes' clocks (and a notification's travel) may be: a change
 * this close before the page's reading counts as perhaps missed.
 */
const CLOCK_MARGIN_MS = 1_000;
/** A stream the server refused (a session ended, too many pages, the database away) is asked again this late. */
const RETRY_REFUSED_MS = 30_000;

/** The pages that show orders (an order's change concerns them): the orders screen, the dashboard, the customers. */
const showsOrders = (pathname: string) =>
  pathname === '/admin' || pathname.startsWith('/admin/orders') || pathname.startsWith('/admin/customers');

/** Whether an event makes the page at `pathname` read itself again. */
export function concerns(data: string, pathname: string) {
  if (data === BELL_EVENT || data === RESYNC_EVENT) return true;
  return data.startsWith(ORDER_EVENT_PREFIX) && showsOrders(pathname);
}

/**
 * Where the page's following stands: 'connecting' until its stream is open and the page read once
 * since; 'live' then; 'paused' while the stream is refused (asked again later).
 */
export type LiveState = 'connecting' | 'live' | 'paused';

/**
 * Follows the back office's changes from `readAt` on (when the page's data was read, by the
 * server's clock): the stream's first event says whether the page must read itself again.
 */
export function useLiveUpdates(readAt: number): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const latest = useRef({ revalidate, pathname });
  latest.current = { revalidate, pathname };
  // The first reading's moment: a stream opened again later asks from it too (the server then
  // says 'resync' if anything changed since, which covers what happened while it was away).
  const since = useRef(readAt - CLOCK_MARGIN_MS);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // One reading at a time; events heard meanwhile make one more after it, not one each.
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          await latest.current.revalidate();
        } while (again);
      } finally {
        reading = false;
      }
    };
    const connect = () => {
      source = new EventSource(`${EVENTS_URL}?since=${since.current}`);
      source.onmessage = (event: MessageEvent<string>) => {
        // A stream (re)opened: nothing changed since the page read its data ('open'), or something
        // may have ('resync', as when the server heard the database again): read it again.
        if (event.data === STREAM_OPEN_EVENT) setState('live');
        else if (event.data === RESYNC_EVENT) void read().then(() => setState('live'));
        else if (concerns(event.data, latest.current.pathname)) void read();
      };
      source.onerror = () => {
        // EventSource reconnects by itself after a stream ended; not after a refusal (an answer
        // that is not a stream), which is asked again later.
        if (source?.readyState !== EventSource.CLOSED) {
          setState('connecting');
          return;
        }
        source.close();
        setState('paused');
        retry = setTimeout(connect, RETRY_REFUSED_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, []);
  return state;
}
