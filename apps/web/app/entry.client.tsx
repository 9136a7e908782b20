// React Router's default browser entry, after one step: the shop's country and time zone, which
// the server wrote into the page (root.tsx), are set before the first render, so dates and hints
// come out in the browser exactly as the server wrote them (docs/decisions/0022).
import { SHOP_LOCALE_META, type ShopLocale, setShopLocale } from '@souk/domain/shop-locale';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

const written = document.querySelector<HTMLMetaElement>(`meta[name="${SHOP_LOCALE_META}"]`)?.content;
if (written) setShopLocale(JSON.parse(written) as ShopLocale);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
