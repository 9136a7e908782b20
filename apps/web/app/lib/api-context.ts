import type { User } from '@souk/domain/auth';
import type { PaymentProvider } from '@souk/domain/payments';
import type { Agency, ShopPhone } from '@souk/domain/shop';
import type { ShopLocale } from '@souk/domain/shop-locale';
import { createContext } from 'react-router';
import type { ApiResult, Transport } from '~/lib/api-client';

export type ServerContext = {
  /** The REST API in-process (Fastify inject), with the visitor's cookie and session headers. */
  api: Transport;
  /** Who the visitor is (GET /api/auth/me), asked of the API once per request whoever asks. */
  session: () => Promise<ApiResult<User>>;
  publicUrl: string;
  shopWhatsapp: ShopPhone;
  /** The shop's country and time zone (SHOP_COUNTRY, SHOP_TIME_ZONE), set for the pages by root.tsx. */
  shopLocale: ShopLocale;
  /** Where orders are collected: AGENCY_LOCATION, AGENCY_ADDRESS, AGENCY_HOURS. */
  agency: Agency;
  /** DELIVERY_TERMS: what the storefront and the status messages say of delivery. */
  deliveryTerms: string;
  /** UNPAID_ORDER_TIMEOUT in ms (0: off): what the pages and messages say of an order left unpaid. */
  unpaidTimeoutMs: number;
  /** LARGE_QUANTITY_CONFIRM: above this many units, 'Ajouter au panier' asks once. */
  largeQuantity: number;
  /** The payment providers the shop takes payments through ('Payer avec Wave'…), none by default. */
  paymentProviders: PaymentProvider[];
  /** Fresh for each request: allows React Router's inline scripts under the page's CSP (entry.server). */
  cspNonce: string;
  /**
   * The page is computed to be kept for every anonymous visitor (docs/decisions/0023): a nonce
   * shared by all would be no secret, so entry.server takes it out and allows the scripts that
   * carried it by their hashes instead (docs/decisions/0004).
   */
  pageKept: boolean;
  /**
   * The visitor's browser asks for lighter pages (`Save-Data: on`, read in server.ts only): the
   * pages offer smaller pictures (docs/decisions/0029), and a kept page has a version for each.
   */
  saveData: boolean;
};

// Shared by server.ts and the route modules through the '#api-context' import, so both hold one token.
export const serverContext = createContext<ServerContext>();
