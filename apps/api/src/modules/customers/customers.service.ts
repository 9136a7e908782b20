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
  STATUS_CHANGE_REFUSED,
} from '@souk/domain/admin-customers';
import { ORDER_STATUSES } from '@souk/domain/order-status';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import {
  type AuthDeps,
  assertContactsFree,
  issuePasswordLink,
  rethrowContactConflict,
} from '../auth/auth.service.ts';
import { hashPassword } from '../auth/password.ts';
import { deleteUserSessions } from '../auth/sessions.repository.ts';
import { newToken } from '../auth/tokens.ts';
import { insertUser, updateUser } from '../auth/users.repository.ts';
import { toPagination } from '../catalog/catalog.mapper.ts';
import { toAdminCustomer, toCustomerStats } from './customers.mapper.ts';
import * as repo from './customers.repository.ts';

/** The profile's latest orders (spec §2: up to 5). */
export const RECENT_ORDERS = 5;
const TOP_PRODUCTS = 3;
/**
 * How long the link of an account the shop created stays valid: the customer gets it over
 * WhatsApp or e-mail and may not open it within the hour a reset link lasts.
 */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function getCustomerStats(db: Db): Promise<CustomerStats> {
  return toCustomerStats(await repo.customerTotals(db));
}

export async function listCustomers(db: Db, query: AdminCustomerListQuery): Promise<AdminCustomerList> {
  const { page, per_page } = query;
  const [rows, total] = await Promise.all([
    repo.findCustomers(db, query, { limit: per_page, offset: (page - 1) * per_page }),
    repo.countCustomers(db, query),
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
export async function searchCustomers(db: Db, search: string, limit: number) {
  const rows = await repo.findCustomers(
    db,
    { search, page: 1, per_page: limit, sort_by: 'created_at', sort_order: 'desc' },
    { limit, offset: 0 },
  );
  return rows.map(({ id, name, email, whatsapp_phone, status }) => ({
    id,
    name,
    email,
    whatsapp_phone,
    status,
  }));
}

async function findCustomerOrThrow(db: DbOrTx, id: number): Promise<AdminCustomer> {
  const row = await repo.findCustomer(db, id);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return toAdminCustomer(row);
}

/** The profile: the customer and their figures, latest orders and 'Voir les statistiques'. */
export async function getCustomer(db: Db, id: number): Promise<AdminCustomerDetail> {
  const customer = await findCustomerOrThrow(db, id);
  const [recent, counts, top] = await Promise.all([
    repo.findRecentOrders(db, id, RECENT_ORDERS),
    repo.orderStatusCounts(db, id),
    repo.topProducts(db, id, TOP_PRODUCTS),
  ]);
  const byStatus = new Map(counts.map((c) => [c.status, c.count]));
  const firsts = counts.map((c) => new Date(c.first).getTime());
  return {
    ...customer,
    recent_orders: recent.map((order) => ({
      ...order,
      created_at: new Date(order.created_at).toISOString(),
    })),
    statistics: {
      status_breakdown: Object.fromEntries(
        ORDER_STATUSES.map((status) => [status, byStatus.get(status) ?? 0]),
      ) as AdminCustomerDetail['statistics']['status_breakdown'],
      first_order_at: firsts.length ? new Date(Math.min(...firsts)).toISOString() : null,
      top_products: top,
    },
  };
}

/**
 * Blocks or unblocks customers, all or none, under a lock on their rows. Blocking ends their
 * sessions at once (their next page load finds them signed out; login then says why). An admin's
 * own account, and any other admin's, are not customers: this screen cannot touch them.
 */
export async function setCustomersStatus(
  db: Db,
  adminId: number,
  ids: number[],
  action: CustomerAction,
): Promise<{ names: string[] }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const accounts = await repo.lockAccounts(tx, unique);
    if (accounts.length !== unique.length) throw notFound(CUSTOMER_NOT_FOUND);
    if (accounts.some((a) => a.id === adminId))
      throw new AppError('conflict', `${STATUS_CHANGE_REFUSED} : c'est votre propre compte`);
    if (accounts.some((a) => a.role === 'admin'))
      throw new AppError('conflict', `${STATUS_CHANGE_REFUSED} : un administrateur n'est pas un client`);
    const status = action === 'block' ? 'blocked' : 'active';
    await repo.setStatus(tx, unique, status);
    if (action === 'block') for (const id of unique) await deleteUserSessions(tx, id);
    return { names: accounts.map((a) => a.name) };
  });
}

/** 'Modifier le profil': name, WhatsApp number and e-mail, as registration checks them (each unique). */
export async function updateCustomer(db: Db, id: number, input: CustomerProfileInput) {
  await findCustomerOrThrow(db, id);
  await assertContactsFree(db, { ...input, email: input.email ?? undefined }, id);
  try {
    await updateUser(db, id, input);
  } catch (error) {
    rethrowContactConflict(error);
  }
  return findCustomerOrThrow(db, id);
}

/**
 * The empty state's add button: a customer account with no password anyone knows, and a link
 * (valid WELCOME_LINK_TTL_MS) with which the customer chooses one; e-mailed when there is an
 * address, and answered for the admin to send over WhatsApp.
 */
export async function createCustomer(deps: AuthDeps, input: CustomerProfileInput): Promise<CreatedCustomer> {
  const { db } = deps;
  await assertContactsFree(db, { ...input, email: input.email ?? undefined });
  let id: number;
  try {
    ({ id } = await insertUser(db, {
      ...input,
      password_hash: await hashPassword(newToken()),
      role: 'client',
    }));
  } catch (error) {
    rethrowContactConflict(error);
  }
  const link = await issuePasswordLink(deps, id, WELCOME_LINK_TTL_MS);
  let emailed = false;
  if (input.email) {
    const text = [
      `Bonjour ${input.name},`,
      '',
      'La boutique Souk vous a créé un compte client.',
      'Cliquez sur le lien ci-dessous pour choisir votre mot de passe (valable 7 jours) :',
      '',
      link,
      '',
      "L'équipe Souk",
    ].join('\n');
    // The link is a credential: it goes in the message only, never in a log line.
    emailed = await deps.mailer
      .send({ to: input.email, subject: 'Votre compte Souk', text })
      .then(() => true)
      .catch((error: unknown) => {
        deps.log(`[mail] échec de l'envoi à ${input.email} : ${String(error)}`);
        return false;
      });
  }
  return { client: await findCustomerOrThrow(db, id), password_link: link, emailed };
}
