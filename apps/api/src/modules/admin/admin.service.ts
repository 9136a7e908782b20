import type { AdminNotifications, AdminSearchResults } from '@souk/domain/admin-catalog';
import { ADMIN_SEARCH_RESULTS } from '@souk/domain/admin-limits';
import { INITIAL_ORDER_STATUS } from '@souk/domain/order-status';
import { foldText } from '@souk/domain/text';
import type { Db } from '../../db/client.ts';
import { searchCatalogForAdmin, searchWords } from '../catalog/catalog.service.ts';
import { searchCustomers } from '../customers/customers.service.ts';
import { searchAdminOrders } from '../orders/admin-orders.service.ts';
import { countOrdersInStatus } from '../orders/order-figures.service.ts';
import { toOrderSearchResult } from '../orders/orders.mapper.ts';
import { findOrderNumbers } from '../orders/orders.service.ts';
import { whatsappInbox, whatsappOutage } from '../whatsapp/whatsapp-owner-view.ts';

/**
 * The bell: orders waiting for the shop to accept or cancel them; and, when the shop has the
 * WhatsApp Cloud API, the customers' messages not yet read and why the shop cannot write at the
 * moment (the banner of every back-office page).
 */
export async function getNotifications(db: Db, whatsappConfigured: boolean): Promise<AdminNotifications> {
  const [pending, outage, inbox] = await Promise.all([
    countOrdersInStatus(db, INITIAL_ORDER_STATUS),
    whatsappConfigured ? whatsappOutage(db) : null,
    whatsappConfigured ? whatsappInbox(db, (ids) => findOrderNumbers(db, ids)) : null,
  ]);
  return { pending_orders: pending, whatsapp_outage: outage, whatsapp_inbox: inbox };
}

/**
 * The header search: products (any status) by the storefront's tolerant search, categories by name,
 * orders by number, client name or phone, customers by name, e-mail or phone.
 */
export async function searchAdmin(db: Db, q: string): Promise<AdminSearchResults> {
  const words = searchWords(q);
  const folded = foldText(q);
  // Only marks ('^', '´'): nothing to look for.
  if (!words.length || !folded) return { products: [], categories: [], orders: [], customers: [] };
  const [catalog, orders, customers] = await Promise.all([
    searchCatalogForAdmin(db, words, folded, ADMIN_SEARCH_RESULTS),
    searchAdminOrders(db, q, ADMIN_SEARCH_RESULTS),
    searchCustomers(db, q, ADMIN_SEARCH_RESULTS),
  ]);
  return { ...catalog, orders: orders.map(toOrderSearchResult), customers };
}
