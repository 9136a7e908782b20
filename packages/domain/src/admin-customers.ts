import { z } from 'zod';
import { CUSTOMERS_PER_PAGE_CHOICES } from './admin-limits.ts';
import { PerStatusSchema } from './admin-orders.ts';
import { PaginationSchema } from './api.ts';
import { EmailSchema, NameSchema, PhoneSchema } from './auth.ts';
import { SearchTextSchema } from './catalog.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { idSchema, PageSchema, wholeNumber } from './primitives.ts';

// The back office's customers screen ('Gestion des Clients'): the
// list's query, shared by the API's validation and the screen's URL, the customer tiers, and the
// shapes the API answers. A customer is an account with the role 'client' (admins are not listed).

export const CUSTOMER_NOT_FOUND = 'Client non trouvé';
export const CustomerIdParamsSchema = z.object({ id: idSchema(CUSTOMER_NOT_FOUND) });

// ---- Tiers (ADR 0019): computed here only, from the figures the API sums in SQL ----

export const CUSTOMER_TIERS = ['vip', 'regular', 'new'] as const;
export type CustomerTier = (typeof CUSTOMER_TIERS)[number];
export const CUSTOMER_TIER_LABELS: Record<CustomerTier, string> = {
  vip: 'VIP',
  regular: 'Régulier',
  new: 'Nouveau',
};
/** A VIP has placed this many orders (cancelled ones aside)… */
export const VIP_MIN_ORDERS = 5;
/** …or spent this much, in FCFA. */
export const VIP_MIN_SPENT = 200_000;
/** A regular customer has come back at least once. */
export const REGULAR_MIN_ORDERS = 2;

/** The tier of a customer with `orders` orders (cancelled ones aside) worth `spent` FCFA. */
export function customerTier({ orders, spent }: { orders: number; spent: number }): CustomerTier {
  if (orders >= VIP_MIN_ORDERS || spent >= VIP_MIN_SPENT) return 'vip';
  if (orders >= REGULAR_MIN_ORDERS) return 'regular';
  return 'new';
}

// ---- The list's query ----

export const CUSTOMER_STATUSES = ['active', 'blocked'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
/** The status buttons' words (all, active clients, blocked clients). */
export const CUSTOMER_STATUS_FILTER_LABELS: Record<CustomerStatus, string> = {
  active: 'Clients actifs',
  blocked: 'Clients bloqués',
};
export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = { active: 'Actif', blocked: 'Bloqué' };

export const CUSTOMER_SORTS = ['created_at', 'name', 'orders_count', 'email'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  created_at: "Date d'inscription",
  name: 'Nom',
  orders_count: 'Nombre de commandes',
  email: 'Email',
};
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const SORT_DIRECTION_LABELS: Record<SortDirection, string> = {
  desc: 'Décroissant',
  asc: 'Croissant',
};
export const CUSTOMERS_PER_PAGE_DEFAULT = CUSTOMERS_PER_PAGE_CHOICES[0];

const PER_PAGE_INVALID = 'Nombre de clients par page invalide (10, 25 ou 50)';

export const AdminCustomerListQuerySchema = z.object({
  page: PageSchema.default(1),
  per_page: wholeNumber(PER_PAGE_INVALID)
    .pipe(
      z
        .number()
        .refine((n) => (CUSTOMERS_PER_PAGE_CHOICES as readonly number[]).includes(n), PER_PAGE_INVALID),
    )
    .default(CUSTOMERS_PER_PAGE_DEFAULT),
  /** Name, e-mail or phone. */
  search: SearchTextSchema.optional(),
  status: z.enum(CUSTOMER_STATUSES, { error: 'Statut de client inconnu' }).optional(),
  sort_by: z.enum(CUSTOMER_SORTS, { error: 'Tri inconnu' }).default('created_at'),
  sort_order: z.enum(SORT_DIRECTIONS, { error: 'Ordre de tri inconnu' }).default('desc'),
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuerySchema>;

// ---- Shapes ----

/**
 * A customer with their figures, summed by the server over all their orders, cancelled ones
 * aside: count, total ordered ('Total commandé') and of it paid, last order, average basket.
 */
export const AdminCustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  whatsapp_phone: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  orders_count: z.number(),
  /** What their orders (not cancelled) amount to, paid or not: the tiers count this. */
  total_spent: z.number(),
  /** Of it, what the shop recorded as paid. */
  total_paid: z.number(),
  last_order_at: z.string().nullable(),
  /** null before the first order. */
  avg_order_value: z.number().nullable(),
  tier: z.enum(CUSTOMER_TIERS),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

export const AdminCustomerListSchema = z.object({
  clients: z.array(AdminCustomerSchema),
  pagination: PaginationSchema,
  /** The filters applied, as the server read them. */
  filters: z.object({
    search: z.string().nullable(),
    status: z.enum(CUSTOMER_STATUSES).nullable(),
    sort_by: z.enum(CUSTOMER_SORTS),
    sort_order: z.enum(SORT_DIRECTIONS),
  }),
});
export type AdminCustomerList = z.infer<typeof AdminCustomerListSchema>;

/**
 * The screen's statistics, over every customer account and their orders (cancelled ones aside).
 * Percentages have one decimal. Retention (ADR 0019): of the customers who ordered, the share who
 * ordered again.
 */
export const CustomerStatsSchema = z.object({
  total_clients: z.number(),
  active_clients: z.number(),
  blocked_clients: z.number(),
  new_clients_this_month: z.number(),
  active_percentage: z.number(),
  total_orders: z.number(),
  /** Ordered (not cancelled), and of it collected (paid). */
  total_revenue: z.number(),
  collected_revenue: z.number(),
  avg_order_value: z.number(),
  retention_rate: z.number(),
});
export type CustomerStats = z.infer<typeof CustomerStatsSchema>;

/** The profile: the customer, their 5 latest orders, and 'Voir les statistiques'. */
export const AdminCustomerDetailSchema = AdminCustomerSchema.extend({
  recent_orders: z.array(
    z.object({
      id: z.number(),
      order_number: z.string(),
      created_at: z.string(),
      total_amount: z.number(),
      status: z.enum(ORDER_STATUSES),
    }),
  ),
  statistics: z.object({
    /** Every order, cancelled ones included, by status. */
    status_breakdown: PerStatusSchema,
    first_order_at: z.string().nullable(),
    /** What they buy most, by units (cancelled orders aside). */
    top_products: z.array(z.object({ name: z.string(), quantity: z.number() })),
  }),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;
export const AdminCustomerEnvelopeSchema = z.object({ client: AdminCustomerDetailSchema });
export const UpdatedCustomerSchema = z.object({ client: AdminCustomerSchema });

// ---- Writes ----

export const CUSTOMER_ACTIONS = ['block', 'unblock'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];
export const CUSTOMER_ACTION_LABELS: Record<CustomerAction, string> = {
  block: 'Bloquer',
  unblock: 'Débloquer',
};
const CustomerActionSchema = z.enum(CUSTOMER_ACTIONS, { error: 'Action inconnue (block ou unblock)' });

/** POST /admin/customers/toggle-status. */
export const ToggleCustomerStatusInputSchema = z.object({
  client_id: idSchema(CUSTOMER_NOT_FOUND),
  action: CustomerActionSchema,
});
export type ToggleCustomerStatusInput = z.infer<typeof ToggleCustomerStatusInputSchema>;

/** The selection bar's 'Appliquer': one page of customers at most. */
export const BULK_CUSTOMERS_MAX = Math.max(...CUSTOMERS_PER_PAGE_CHOICES);
export const BulkCustomerStatusInputSchema = z.object({
  client_ids: z
    .array(idSchema(CUSTOMER_NOT_FOUND), { error: 'Sélectionnez au moins un client' })
    .min(1, { error: 'Sélectionnez au moins un client' })
    .max(BULK_CUSTOMERS_MAX, { error: `${BULK_CUSTOMERS_MAX} clients au plus à la fois` }),
  action: CustomerActionSchema,
});
export type BulkCustomerStatusInput = z.infer<typeof BulkCustomerStatusInputSchema>;
export const BulkCustomerStatusResultSchema = z.object({ updated: z.number() });

export const STATUS_CHANGE_FAILED = 'Erreur lors de la modification du statut';
export const STATUS_CHANGE_REFUSED = 'Impossible de modifier le statut du client';

/** The confirmation questions before a block or an unblock. */
export const customerStatusQuestion = (action: CustomerAction, name: string) =>
  action === 'block'
    ? `Êtes-vous sûr de vouloir bloquer ${name} ? Cette action empêchera le client d'accéder à son compte.`
    : `Êtes-vous sûr de vouloir débloquer ${name} ? Le client pourra à nouveau accéder à son compte.`;

/** The selection bar's question, for several customers at once. */
export const customersStatusQuestion = (action: CustomerAction, count: number) =>
  action === 'block'
    ? `Êtes-vous sûr de vouloir bloquer ${count} clients ? Cette action les empêchera d'accéder à leur compte.`
    : `Êtes-vous sûr de vouloir débloquer ${count} clients ? Ils pourront à nouveau accéder à leur compte.`;

/** What the toast says once done: one customer by name, or how many. */
export const customerStatusDone = (action: CustomerAction, who: string | number) => {
  const verb = action === 'block' ? 'bloqué' : 'débloqué';
  if (typeof who === 'string') return `${who} a été ${verb}`;
  if (who === 0)
    return action === 'block'
      ? "Aucun client bloqué : ils l'étaient déjà"
      : 'Aucun client débloqué : ils étaient déjà actifs';
  return who === 1 ? `1 client ${verb}` : `${who} clients ${verb}s`;
};

export const CUSTOMER_PROFILE_UPDATED = 'Profil du client mis à jour';
export const customerCreated = (name: string) => `Compte client créé pour ${name}`;
export const PASSWORD_LINK_READY = 'Nouveau lien de mot de passe prêt';

/** An e-mail the form may leave empty: '' and null remove it. */
const OptionalEmailField = z.preprocess(
  (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? null : v),
  EmailSchema.nullable(),
);

/**
 * 'Modifier le profil' and the empty state's add button: the fields and rules of registration
 * (a name, a WhatsApp number, an optional e-mail; each contact unique).
 */
export const CustomerProfileInputSchema = z.object({
  name: NameSchema,
  whatsapp_phone: PhoneSchema,
  email: OptionalEmailField,
});
export type CustomerProfileInput = z.infer<typeof CustomerProfileInputSchema>;

/**
 * The link with which a customer chooses their password (valid 7 days, as long as no newer one is
 * made), for the admin to send over WhatsApp; `emailed` when it also went to their address.
 */
export const PasswordLinkSchema = z.object({ password_link: z.string(), emailed: z.boolean() });
export type PasswordLink = z.infer<typeof PasswordLinkSchema>;

export const CreatedCustomerSchema = PasswordLinkSchema.extend({ client: AdminCustomerSchema });
export type CreatedCustomer = z.infer<typeof CreatedCustomerSchema>;
