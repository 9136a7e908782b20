import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomerList,
  type AdminCustomerListQuery,
  type CreatedCustomer,
  CUSTOMER_NOT_FOUND,
  type CustomerAction,
  type CustomerProfileInput,
  type CustomerStats,
  type PasswordLink,
  STATUS_CHANGE_REFUSED,
} from '@souk/domain/admin-customers';
import { AppError, notFound } from '#shared/app-error.ts';
import { toPagination } from '#shared/mapping.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as accounts from '../auth/accounts.service.ts';
import { type AuthDeps, assertContactsFree, issuePasswordLink } from '../auth/auth.service.ts';
import { sendOrLog } from '../mail/mailer.ts';
import * as orderFigures from '../orders/order-figures.service.ts';
import { toAdminCustomer, toCustomerDetail, toCustomerStats } from './customers.mapper.ts';

/** The profile's latest orders (up to 5). */
export const RECENT_ORDERS = 5;
const TOP_PRODUCTS = 3;
/**
 * How long the link of an account the shop created stays valid: the customer gets it over
 * WhatsApp or e-mail and may not open it within the hour a reset link lasts.
 */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function getCustomerStats(db: Db): Promise<CustomerStats> {
  return toCustomerStats(await accounts.customerTotals(db));
}

export async function listCustomers(db: Db, query: AdminCustomerListQuery): Promise<AdminCustomerList> {
  const { page, per_page } = query;
  const [rows, total] = await Promise.all([
    accounts.findCustomers(db, query, { limit: per_page, offset: (page - 1) * per_page }),
    accounts.countCustomers(db, query),
  ]);
  return {
    clients: rows.map(toAdminCustomer),
    pagination: toPagination(page, per_page, total, rows.length),
    filters: {
      search: query.search || null,
      status: query.status ?? null,
      sort_by: query.sort_by,
      sort_order: query.sort_order,
    },
  };
}

/** The header search's customers: by name, e-mail or phone, newest first. */
export const searchCustomers = (db: Db, search: string, limit: number) =>
  accounts.findCustomerContacts(db, search, limit);

async function findCustomerOrThrow(db: DbOrTx, id: number): Promise<AdminCustomer> {
  const row = await accounts.findCustomer(db, id);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return toAdminCustomer(row);
}

/** The profile: the customer and their figures, latest orders and 'Voir les statistiques'. */
export async function getCustomer(db: Db, id: number): Promise<AdminCustomerDetail> {
  const customer = await findCustomerOrThrow(db, id);
  const [recent, counts, top] = await Promise.all([
    orderFigures.customerRecentOrders(db, id, RECENT_ORDERS),
    orderFigures.customerStatusCounts(db, id),
    orderFigures.customerTopProducts(db, id, TOP_PRODUCTS),
  ]);
  return toCustomerDetail(customer, recent, counts, top);
}

/**
 * Blocks or unblocks customers, all or none, under a lock on their rows. Blocking ends their
 * sessions at once (their next page load finds them signed out; login then says why). An admin's
 * own account, and any other admin's, are not customers: this screen cannot touch them. Answers
 * the names asked about and how many changed (those already in that state are left as they are).
 */
export async function setCustomersStatus(
  db: Db,
  adminId: number,
  ids: number[],
  action: CustomerAction,
): Promise<{ names: string[]; changed: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const locked = await accounts.lockAccounts(tx, unique);
    if (locked.length !== unique.length) throw notFound(CUSTOMER_NOT_FOUND);
    if (locked.some((a) => a.id === adminId))
      throw new AppError('conflict', `${STATUS_CHANGE_REFUSED} : c'est votre propre compte`);
    if (locked.some((a) => a.role === 'admin'))
      throw new AppError('conflict', `${STATUS_CHANGE_REFUSED} : un administrateur n'est pas un client`);
    const changed = await accounts.setCustomersStatus(tx, unique, action === 'block' ? 'blocked' : 'active');
    return { names: locked.map((a) => a.name), changed: changed.length };
  });
}

/** 'Modifier le profil': name, WhatsApp number and e-mail, as registration checks them (each unique). */
export async function updateCustomer(db: Db, id: number, input: CustomerProfileInput) {
  await findCustomerOrThrow(db, id);
  await assertContactsFree(db, { ...input, email: input.email ?? undefined }, id);
  await accounts.updateCustomerContacts(db, id, input);
  return findCustomerOrThrow(db, id);
}

/** Mails the link to the customer when they have an address; answers whether it went. */
async function mailPasswordLink(deps: AuthDeps, to: string | null, name: string, link: string) {
  if (!to) return false;
  const text = [
    `Bonjour ${name},`,
    '',
    'La boutique Souk vous a créé un compte client.',
    'Cliquez sur le lien ci-dessous pour choisir votre mot de passe (valable 7 jours) :',
    '',
    link,
    '',
    "L'équipe Souk",
  ].join('\n');
  return sendOrLog(deps.mailer, deps.log, { to, subject: 'Votre compte Souk', text });
}

/**
 * The empty state's add button: a customer account with no password anyone knows, and, in the
 * same transaction, a link (valid WELCOME_LINK_TTL_MS) with which the customer chooses one;
 * e-mailed when there is an address, and answered for the admin to send over WhatsApp.
 */
export async function createCustomer(deps: AuthDeps, input: CustomerProfileInput): Promise<CreatedCustomer> {
  const { db } = deps;
  await assertContactsFree(db, { ...input, email: input.email ?? undefined });
  const created = await accounts.createCustomerAccount(deps, input, WELCOME_LINK_TTL_MS);
  const emailed = await mailPasswordLink(deps, input.email, input.name, created.link);
  return { client: await findCustomerOrThrow(db, created.id), password_link: created.link, emailed };
}

/**
 * 'Envoyer un lien de mot de passe' on a profile: a new link (the older ones stop working), for a
 * customer who lost the first one, let it expire, or has no e-mail for 'Mot de passe oublié'.
 */
export async function sendPasswordLink(deps: AuthDeps, id: number): Promise<PasswordLink> {
  const customer = await findCustomerOrThrow(deps.db, id);
  const link = await deps.db.transaction((tx) =>
    issuePasswordLink(tx, deps.publicUrl, id, WELCOME_LINK_TTL_MS),
  );
  const emailed = await mailPasswordLink(deps, customer.email, customer.name, link);
  return { password_link: link, emailed };
}
