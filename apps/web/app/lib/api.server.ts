import type { ShopContact } from '@souk/domain/order-messages';
import { data, type RouterContextProvider } from 'react-router';
import { serverContext } from '#api-context';
import { type ApiClient, type ApiResult, createApiClient } from './api-client';

type Context = Readonly<RouterContextProvider>;

/** The typed API client of loaders and actions: in-process, acting for the visitor (cookie forwarded). */
export const api = (context: Context): ApiClient => createApiClient(context.get(serverContext).api);

/** Thrown by loaders: React Router renders the nearest ErrorBoundary with this status and message. */
export function apiError(status: number, message: string) {
  return data({ message }, { status });
}

/** A loader's data, or the ErrorBoundary with the API's status and message (500 when unreachable). */
export function dataOrThrow<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw apiError(result.status || 500, result.message);
}

export const serverConfig = (context: Context) => {
  const { publicUrl, shopWhatsapp, agency, deliveryTerms, unpaidTimeoutMs, largeQuantity, paymentProviders } =
    context.get(serverContext);
  return { publicUrl, shopWhatsapp, agency, deliveryTerms, unpaidTimeoutMs, largeQuantity, paymentProviders };
};

/** The shop's details the status messages point to (the orders screen's WhatsApp and e-mail). */
export const shopContact = (context: Context): ShopContact => {
  const { shopWhatsapp, agency, deliveryTerms, unpaidTimeoutMs, paymentProviders } = serverConfig(context);
  return { whatsappNumber: shopWhatsapp.number, agency, deliveryTerms, unpaidTimeoutMs, paymentProviders };
};
