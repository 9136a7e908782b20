import {
  BELL_EVENT,
  ORDER_EVENT_PREFIX,
  RESYNC_EVENT,
  STREAM_OPEN_EVENT,
} from '@souk/domain/back-office-events';
import { useEffect, useRef } from 'react';
import { useLocation, useRevalidator } from 'react-router';

// An open back office follows what changes without a reload (docs/decisions/0042): the API's
// events stream (GET /api/admin/events) says 'bell' or 'order:<id>' whichever process made the
// change, and the page reads itself again through its loaders, so what it shows is always what
// they answer (no second way of building a card).

const EVENTS_URL = '/api/admin/events';
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

export function useLiveUpdates() {
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const latest = useRef({ revalidate, pathname });
  latest.current = { revalidate, pathname };

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
      source = new EventSource(EVENTS_URL);
      source.onmessage = (event: MessageEvent<string>) => {
        // A stream (re)opened: what changed between the page's reading and now (or while the last
        // stream was away) is unknown, so read the page again.
        if (event.data === STREAM_OPEN_EVENT || concerns(event.data, latest.current.pathname)) void read();
      };
      source.onerror = () => {
        // EventSource reconnects by itself after a stream ended; not after a refusal (an answer
        // that is not a stream), which is asked again later.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        retry = setTimeout(connect, RETRY_REFUSED_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, []);
}
