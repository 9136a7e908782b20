// Which tables a backup holds, named one by one (docs/decisions/0044): a restore loads nothing
// else, so a table slipped into an archive (`jobs`, whose rows the shop would run at start) is
// refused rather than loaded. `backup-tables.test.ts` walks the migrated schema: a table a
// migration adds fails it until it is listed here, one way or the other.

/** The shop itself: what a restore brings back. */
export const BACKED_UP_TABLES = [
  'backup_runs',
  'banners',
  'cart_items',
  'carts',
  'categories',
  'data_migrations',
  'order_items',
  'order_status_history',
  'orders',
  'payments',
  'product_batches',
  'product_media',
  'product_sales',
  'product_variants',
  'products',
  'users',
  'whatsapp_messages',
  'whatsapp_received',
] as const;

/**
 * Never written to an archive, each for its reason. Sessions and reset tokens are keys to
 * accounts: a copy of a backup must not open anyone's, and a restored shop starts with every
 * session ended. Jobs are work in flight: a restored shop does not send yesterday's mails again.
 */
export const NOT_BACKED_UP_TABLES = ['jobs', 'sessions', 'password_reset_tokens'] as const;

/** Tables an archive of version 1 holds and a restore leaves out: all of the above but `jobs`, never saved. */
export const LEFT_OUT_OF_OLD_ARCHIVES: ReadonlySet<string> = new Set(
  NOT_BACKED_UP_TABLES.filter((table) => table !== 'jobs'),
);

const backedUp: ReadonlySet<string> = new Set(BACKED_UP_TABLES);
export const isBackedUp = (table: string) => backedUp.has(table);
