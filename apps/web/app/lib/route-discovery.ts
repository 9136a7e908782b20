// React Router's route discovery, held while a page's islands come alive (docs/decisions/0028).
// Once a page has hydrated, React Router asks the server which routes the page's links lead to
// (links marked `data-discover`) and updates the router's state with the answer. React gives up the
// HTML of an island still waiting for its code when an update reaches it, and renders it again from
// scratch: a form would lose what was typed in it, a picture would blink. So the server writes the
// mark under another name (deferred-hydration.server.ts) and the islands give it back once those
// woken with the page are live; React Router's own observer then sees the marks and asks.

export const DISCOVER_ATTRIBUTE = 'data-discover';
export const HELD_DISCOVER_ATTRIBUTE = 'data-discover-later';

/** Gives the links their discovery mark back (once; later calls find nothing left to give). */
export function releaseRouteDiscovery() {
  for (const element of document.querySelectorAll(`[${HELD_DISCOVER_ATTRIBUTE}]`)) {
    element.setAttribute(DISCOVER_ATTRIBUTE, String(element.getAttribute(HELD_DISCOVER_ATTRIBUTE)));
    element.removeAttribute(HELD_DISCOVER_ATTRIBUTE);
  }
}
