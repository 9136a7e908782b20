// Where the back office's bell leads: the orders waiting, scrolled to the list itself, so on a
// phone the first waiting order is what the owner sees, not the counters and filters above it.

/** The orders screen's list of cards. */
export const ORDERS_LIST_ID = 'liste-commandes';

export const WAITING_ORDERS_HREF = `/admin/orders?status=en_attente#${ORDERS_LIST_ID}`;
