// The whole shop's data model (storefront and back office), so later features do not churn it.
import { MEDIA_STATUSES } from '@souk/domain/admin-media';
import { CANCELLED_BY, INITIAL_ORDER_STATUS, ORDER_EVENTS, ORDER_STATUSES } from '@souk/domain/order-status';
import { PAID_WITH, PAYMENT_ANOMALIES, PAYMENT_PROVIDERS, PAYMENT_STATES } from '@souk/domain/payments';
import { WHATSAPP_AUDIENCES, WHATSAPP_MESSAGE_STATES } from '@souk/domain/whatsapp';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { JOB_STATUSES } from '../modules/jobs/job-status.ts';

// The statuses an order can be in, from packages/domain: the checks follow the domain's list.
const orderStatusList = sql.raw(ORDER_STATUSES.map((status) => `'${status}'`).join(', '));
const jobStatusList = sql.raw(JOB_STATUSES.map((status) => `'${status}'`).join(', '));
const quotedList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const mediaStatusList = sql.raw(MEDIA_STATUSES.map((status) => `'${status}'`).join(', '));

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

// A picture stored by the image pipeline: files `${key}-${width}.webp` for each width under DATA_DIR/media.
const pictureColumns = {
  image_key: text('image_key'),
  image_width: integer('image_width'),
  image_height: integer('image_height'),
  // The widths written (migration 0017); empty for a picture stored before they were recorded,
  // which has the widths of that time (media.mapper.ts, storedWidths).
  image_widths: integer('image_widths').array().notNull().default(sql`'{}'::integer[]`),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').unique(),
    whatsapp_phone: text('whatsapp_phone').unique(),
    password_hash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'client'] })
      .notNull()
      .default('client'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    last_login_at: timestamp('last_login_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('admin', 'client')`),
    check('users_status_check', sql`${t.status} in ('active', 'blocked')`),
    check('users_contact_check', sql`${t.email} is not null or ${t.whatsapp_phone} is not null`),
    // The customers list's sort and search indexes are expressions and trigrams: migration 0009.
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

export const password_reset_tokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.user_id)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description'),
    ...pictureColumns,
    sort_order: integer('sort_order').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('categories_parent_sort_idx').on(t.parent_id, t.sort_order, t.id)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    base_price: integer('base_price').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('products_base_price_check', sql`${t.base_price} >= 0`),
    index('products_category_idx').on(t.category_id, t.sort_order, t.id),
    index('products_active_created_idx').on(t.is_active, t.created_at),
    index('products_active_price_idx').on(t.is_active, t.base_price),
  ],
);

export const product_variants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    // Optional (an empty SKU is sent as null); unique whatever the case, see the index below.
    sku: text('sku'),
    // null = unlimited stock
    stock_quantity: integer('stock_quantity'),
    // What "in stock" means, said once: the storefront's lists, the product page and the back
    // office read this column (unlimited, or at least one unit left).
    in_stock: boolean('in_stock')
      .notNull()
      .generatedAlwaysAs(sql`stock_quantity is null or stock_quantity > 0`),
    is_active: boolean('is_active').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('product_variants_price_check', sql`${t.price} >= 0`),
    check('product_variants_stock_check', sql`${t.stock_quantity} is null or ${t.stock_quantity} >= 0`),
    index('product_variants_product_idx').on(t.product_id, t.sort_order, t.id),
    // 'PAR-SOL' and 'par-sol' are one code to a person reading a label.
    uniqueIndex('product_variants_sku_unique').on(sql`lower(${t.sku})`),
  ],
);

export const product_media = pgTable(
  'product_media',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['image', 'video'] }).notNull(),
    // images: the pipeline key (files `${path}-${w}.webp`); videos: the MP4's file name under
    // DATA_DIR/media, chosen at upload (the file exists once the video is 'ready')
    path: text('path').notNull(),
    widths: integer('widths').array().notNull().default(sql`'{}'::integer[]`),
    width: integer('width'),
    height: integer('height'),
    mime_type: text('mime_type').notNull(),
    size_bytes: integer('size_bytes').notNull().default(0),
    alt: text('alt'),
    title: text('title'),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    // Videos are converted after the upload's answer (docs/decisions/0016): 'processing' until the
    // MP4 and its poster are written, 'failed' with `error` (French) when that could not be done.
    // Images are stored before the answer: always 'ready'.
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('ready'),
    /** How far the conversion got, from 0 to 1 (1 once ready). */
    progress: real('progress').notNull().default(1),
    error: text('error'),
    /** A video's poster frame: an image-pipeline key (files `${poster_path}-${w}.webp`). */
    poster_path: text('poster_path'),
    poster_widths: integer('poster_widths').array().notNull().default(sql`'{}'::integer[]`),
    duration_seconds: real('duration_seconds'),
    /** The uploaded video waiting for its conversion: a file name under DATA_DIR/video-sources. */
    source_path: text('source_path'),
    /**
     * The conversion's lease before conversions became jobs (ADR 0034, whose lease holds it now):
     * no longer set, cleared when a conversion ends. To drop with its index.
     */
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('product_media_type_check', sql`${t.type} in ('image', 'video')`),
    check('product_media_status_check', sql`${t.status} in (${mediaStatusList})`),
    check('product_media_progress_check', sql`${t.progress} >= 0 and ${t.progress} <= 1`),
    check('product_media_image_ready_check', sql`${t.type} = 'video' or ${t.status} = 'ready'`),
    index('product_media_product_idx').on(t.product_id, t.sort_order, t.id),
    // The conversions to resume or take over (a small set): found without reading every picture.
    index('product_media_processing_idx').on(t.locked_until).where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * How far a bulk product creation got (images processed of total), keyed by an id the screen
 * picks, so that whichever server process the screen asks can tell. Rows are short-lived.
 */
export const product_batches = pgTable(
  'product_batches',
  {
    id: text('id').primaryKey(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    status: text('status', { enum: ['processing', 'done', 'failed'] }).notNull(),
    ...timestamps,
  },
  (t) => [
    check('product_batches_status_check', sql`${t.status} in ('processing', 'done', 'failed')`),
    index('product_batches_created_idx').on(t.created_at),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    ...pictureColumns,
    link_url: text('link_url'),
    position: integer('position').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('banners_active_position_idx').on(t.is_active, t.position)],
);

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    // A guest cart is keyed by its session id; a user's cart by user_id.
    session_id: text('session_id').unique(),
    user_id: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The note typed for the shop, kept until the order takes it (a guest's survives registering).
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [check('carts_owner_check', sql`${t.session_id} is not null or ${t.user_id} is not null`)],
);

export const cart_items = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cart_id: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id').references(() => product_variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
    unique('cart_items_line_unique').on(t.cart_id, t.product_id, t.variant_id).nullsNotDistinct(),
    index('cart_items_product_idx').on(t.product_id),
    index('cart_items_variant_idx').on(t.variant_id),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    order_number: text('order_number').notNull().unique(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default(INITIAL_ORDER_STATUS),
    total_amount: integer('total_amount').notNull(),
    total_items: integer('total_items').notNull(),
    notes: text('notes'),
    // Contact as given at order time (guest orders have no user).
    contact_name: text('contact_name').notNull(),
    contact_phone: text('contact_phone'),
    contact_email: text('contact_email'),
    // 'Paiement reçu': when; null while unpaid (or after the payment was undone). Who recorded it
    // is in order_status_history ('paid'), with every other event of the order.
    paid_at: timestamp('paid_at', { withTimezone: true, mode: 'string' }),
    // When the owner confirmed moving it on unpaid: she is asked that once per order.
    unpaid_confirmed_at: timestamp('unpaid_confirmed_at', { withTimezone: true, mode: 'string' }),
    // A cancelled order's who and why, said to the customer ('Mes Commandes', the messages); null
    // otherwise (a reinstated order clears them). The history keeps every change.
    cancelled_by: text('cancelled_by', { enum: CANCELLED_BY }),
    cancel_reason: text('cancel_reason'),
    // A paid order cancelled is 'À rembourser' until the owner records its refund and how.
    refunded_at: timestamp('refunded_at', { withTimezone: true, mode: 'string' }),
    refund_method: text('refund_method'),
    // The tracking link (/suivi/<token>): the token is derived from the server's key, the order and
    // this version (modules/orders/order-tracking.ts), so it is never stored in clear; the digest
    // (SHA-256 of the token) finds the order. Revoking a link moves the version on.
    tracking_version: integer('tracking_version').notNull().default(1),
    tracking_digest: text('tracking_digest').unique(),
    // When its payment reminder was queued (UNPAID_REMINDER_BEFORE, on WhatsApp): once per order.
    unpaid_reminded_at: timestamp('unpaid_reminded_at', { withTimezone: true, mode: 'string' }),
    // How it was paid ('wave', 'orange_money', or 'manual': the owner's 'Paiement reçu') and the
    // provider's transaction id, set with paid_at (docs/decisions/0043).
    paid_with: text('paid_with', { enum: PAID_WITH }),
    payment_reference: text('payment_reference'),
    // The provider of a payment open for it (payments, 'creating' or 'open'); null when none is.
    // Set and cleared under the order's lock with the payment's own state, so cancelling, releasing
    // and paying again read it on the row they lock.
    payment_pending: text('payment_pending', { enum: PAYMENT_PROVIDERS }),
    ...timestamps,
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in (${orderStatusList})`),
    check(
      'orders_cancelled_by_check',
      sql`${t.cancelled_by} is null or ${t.cancelled_by} in (${sql.raw(CANCELLED_BY.map((e) => `'${e}'`).join(', '))})`,
    ),
    check('orders_total_check', sql`${t.total_amount} >= 0`),
    check(
      'orders_paid_with_check',
      sql`${t.paid_with} is null or ${t.paid_with} in (${quotedList(PAID_WITH)})`,
    ),
    check('orders_paid_with_paid_check', sql`(${t.paid_at} is null) = (${t.paid_with} is null)`),
    check(
      'orders_payment_pending_check',
      sql`${t.payment_pending} is null or ${t.payment_pending} in (${quotedList(PAYMENT_PROVIDERS)})`,
    ),
    index('orders_user_created_idx').on(t.user_id, t.created_at),
    index('orders_status_created_idx').on(t.status, t.created_at),
    // Newest first, ties by id: the back office's list and the export's keyset batches.
    index('orders_created_id_idx').on(t.created_at, t.id),
  ],
);

export const order_items = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variant_id: integer('variant_id').references(() => product_variants.id, { onDelete: 'set null' }),
    // Snapshot at order time: later catalogue edits do not rewrite history.
    product_name: text('product_name').notNull(),
    variant_name: text('variant_name'),
    sku: text('sku'),
    unit_price: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    total_price: integer('total_price').notNull(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.order_id),
    index('order_items_product_idx').on(t.product_id),
    index('order_items_variant_idx').on(t.variant_id),
  ],
);

/**
 * Units and revenue sold per product (and the name it was ordered under) over the orders not
 * cancelled: the dashboard's 'Produits populaires' over all orders reads this small table instead
 * of summing every article (docs/decisions/0021). Kept by triggers on order_items and orders
 * (migration 0011), so every writer — the checkout, a cancellation, a product deleted (its
 * articles lose their product id: `product_id` 0 here), seeds and fixtures — keeps it right.
 */
export const product_sales = pgTable(
  'product_sales',
  {
    /** 0: a product deleted since (its articles keep only their name). */
    product_id: integer('product_id').notNull(),
    product_name: text('product_name').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.product_name] })],
);

export const order_status_history = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    from_status: text('from_status', { enum: ORDER_STATUSES }),
    to_status: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    changed_by: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    // A status change, or a payment recorded ('paid') or undone ('unpaid', its reason in note).
    event: text('event', { enum: ORDER_EVENTS }).notNull().default('status'),
    note: text('note'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('order_status_history_to_check', sql`${t.to_status} in (${orderStatusList})`),
    check(
      'order_status_history_from_check',
      sql`${t.from_status} is null or ${t.from_status} in (${orderStatusList})`,
    ),
    check(
      'order_status_history_event_check',
      sql`${t.event} in (${sql.raw(ORDER_EVENTS.map((e) => `'${e}'`).join(', '))})`,
    ),
    index('order_status_history_order_idx').on(t.order_id, t.created_at),
  ],
);

/**
 * Data migrations that need the application's own code (db/data-migrations.ts), each applied once,
 * after the SQL migrations: the name of each one done.
 */
export const data_migrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  applied_at: timestamp('applied_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * Work done after the answer, durable (docs/decisions/0034): a mail to send, an order to release,
 * the hourly housekeeping. A process claims a due job by taking its lease (`locked_until`); a
 * process that dies lets its lease run out and another takes the job over. A job with a `key` is
 * one job however often it is asked for (an order's notification); a recurring job (`every_ms`)
 * is queued again for its next run instead of finishing, so every process may ask for it and it
 * runs once per period for all of them.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull(),
    every_ms: integer('every_ms'),
    run_at: timestamp('run_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
    // The claim that holds the lease: a process whose lease ran out (and was taken over) can no
    // longer finish, fail or renew the job.
    locked_by: text('locked_by'),
    last_error: text('last_error'),
    ...timestamps,
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in (${jobStatusList})`),
    check('jobs_attempts_check', sql`${t.max_attempts} >= 1`),
    // The claim's scan: what is due, or held by a lease that ran out.
    index('jobs_due_idx').on(t.status, t.run_at),
  ],
);

/** Each backup taken (back office or command line), for 'Dernière sauvegarde'; owned by the backup module. */
export const backup_runs = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  taken_at: timestamp('taken_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  // 'admin' (downloaded from the back office) or 'cli' (npm run backup).
  source: text('source').notNull(),
  taken_by: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
});

const whatsappStateList = sql.raw(WHATSAPP_MESSAGE_STATES.map((s) => `'${s}'`).join(', '));
const whatsappAudienceList = sql.raw(WHATSAPP_AUDIENCES.map((s) => `'${s}'`).join(', '));

/**
 * Each WhatsApp message the shop sends itself (docs/decisions/0041), owned by the whatsapp module:
 * one row per message, made in the transaction of what it tells (its `key` makes it once-only),
 * sent by a job after the commit, its state then following Meta's answers. Kept 90 days.
 */
export const whatsapp_messages = pgTable(
  'whatsapp_messages',
  {
    id: serial('id').primaryKey(),
    // What it tells, once: 'order:42:history:311', 'order:42:alert:+221771234567', 'order:42:reminder'.
    key: text('key').notNull().unique(),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    audience: text('audience', { enum: WHATSAPP_AUDIENCES }).notNull(),
    // E.164, as the order or the configuration holds it.
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    // The template's variables, in order, and the message as it reads (the owner's view, free text).
    params: jsonb('params').$type<string[]>().notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: WHATSAPP_MESSAGE_STATES }).notNull().default('queued'),
    // Meta's id of the message ('wamid.…'), which its status notifications name.
    wamid: text('wamid').unique(),
    // Why it failed: Meta's code and the reason in French.
    error_code: integer('error_code'),
    error_reason: text('error_reason'),
    attempts: integer('attempts').notNull().default(0),
    state_at: timestamp('state_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    // The message this one sends again at the owner's tap (an uncertain or failed one): unique, so
    // a message is sent again at most once.
    resend_of: integer('resend_of')
      .unique()
      .references((): AnyPgColumn => whatsapp_messages.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('whatsapp_messages_state_check', sql`${t.state} in (${whatsappStateList})`),
    check('whatsapp_messages_audience_check', sql`${t.audience} in (${whatsappAudienceList})`),
    index('whatsapp_messages_order_idx').on(t.order_id, t.created_at),
    // The housekeeping's purge after 90 days.
    index('whatsapp_messages_created_idx').on(t.created_at),
  ],
);

/**
 * What customers write to the shop's number (Meta's 'messages' notifications): kept 90 days with
 * the account of that number and its latest open order, for the owner's order card and bell, and
 * for the 24-hour window in which the shop may write free text.
 */
export const whatsapp_received = pgTable(
  'whatsapp_received',
  {
    id: serial('id').primaryKey(),
    // Meta's id of the message: a notification delivered twice keeps it once.
    wamid: text('wamid').notNull().unique(),
    // E.164 ('+' and Meta's wa_id), and the name her WhatsApp profile gives.
    sender: text('sender').notNull(),
    profile_name: text('profile_name'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    // Meta's type ('text', 'image', 'audio'…) and the words: the text, or a photo's caption.
    kind: text('kind').notNull(),
    body: text('body'),
    // When she wrote it (Meta's timestamp): the 24-hour window runs from the latest.
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }).notNull(),
    // When the owner marked it read in the bell; null while it waits there.
    seen_at: timestamp('seen_at', { withTimezone: true, mode: 'string' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_received_sender_idx').on(t.sender, t.sent_at),
    index('whatsapp_received_order_idx').on(t.order_id, t.sent_at),
    index('whatsapp_received_unseen_idx').on(t.sent_at).where(sql`${t.seen_at} is null`),
    index('whatsapp_received_created_idx').on(t.created_at),
  ],
);

/**
 * Each payment the shop asked a provider for (docs/decisions/0043): the order's amount and currency
 * as the database held them, the provider's session and transaction, where it stands. Owned by the
 * payments module; its state changes under the order's lock (orders first, then this row).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    // What the shop sent the provider, and finds it by if its answer was lost: unique.
    reference: text('reference').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: PAYMENT_STATES }).notNull().default('creating'),
    // The provider's session ('cos-…' at Wave, the pay_token at Orange Money) and where the
    // customer pays it.
    provider_ref: text('provider_ref'),
    launch_url: text('launch_url'),
    // What the provider's notification must carry to be this payment's (Orange Money's
    // notif_token), compared in constant time; null for a provider that signs its notifications.
    notif_token: text('notif_token'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }),
    // The provider's transaction, once paid (the id the customer's wallet shows).
    transaction_id: text('transaction_id'),
    // A success the shop could not take as the order's payment (payments' domain names them).
    anomaly: text('anomaly', { enum: PAYMENT_ANOMALIES }),
    // Why it failed, as the provider said it (never a secret).
    failure: text('failure'),
    settled_at: timestamp('settled_at', { withTimezone: true, mode: 'string' }),
    // When its refund was asked of the provider ('Rembourser par Wave'), kept while the provider's
    // answer is unknown (so it is never asked twice), and when it was refunded, by the provider or
    // by hand (`refunded_by`).
    refund_requested_at: timestamp('refund_requested_at', { withTimezone: true, mode: 'string' }),
    refunded_at: timestamp('refunded_at', { withTimezone: true, mode: 'string' }),
    refunded_by: text('refunded_by', { enum: ['provider', 'hand'] }),
    // When the reconciliation last asked the provider about it.
    checked_at: timestamp('checked_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    check('payments_state_check', sql`${t.state} in (${quotedList(PAYMENT_STATES)})`),
    check('payments_provider_check', sql`${t.provider} in (${quotedList(PAYMENT_PROVIDERS)})`),
    check(
      'payments_anomaly_check',
      sql`${t.anomaly} is null or ${t.anomaly} in (${quotedList(PAYMENT_ANOMALIES)})`,
    ),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.provider_ref),
    index('payments_order_idx').on(t.order_id, t.created_at),
    // The reconciliation's scan of what is still open.
    index('payments_open_idx').on(t.created_at).where(sql`${t.state} in ('creating', 'open')`),
  ],
);
