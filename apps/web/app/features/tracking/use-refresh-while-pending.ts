import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/** How often the page reads the order again while its payment is being confirmed, and for how long. */
const EVERY_MS = 4000;
const FOR_MS = 10 * 60_000;

/**
 * While `pending` (a provider's payment open, the order not yet paid), the page reads its data
 * again every few seconds while it is on screen, for a few minutes at most: the notification
 * usually settles it within seconds of her return. Without JavaScript, 'Actualiser' does it.
 */
export function useRefreshWhilePending(pending: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const until = Date.now() + FOR_MS;
    const timer = setInterval(() => {
      if (Date.now() > until) return clearInterval(timer);
      if (document.visibilityState === 'visible') void revalidate();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [pending, revalidate]);
}
