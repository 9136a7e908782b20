import { logInAsAdmin } from './admin-helpers.ts';
import { expect, type Page, test } from './fixtures.ts';
import { expectAccessible, expectLive, expectNoHorizontalScroll, fcfa } from './helpers.ts';

type Summary = { id: number; name: string; price: number; variants_count: number; is_available: boolean };

/** A seeded product without variants (bought by quantity) and the lavender oil (10 ml / 30 ml). */
async function pickProducts(page: Page) {
  const list = await (await page.request.get('/api/products?per_page=100')).json();
  const plain = (list.data.products as Summary[]).find((p) => p.variants_count === 0 && p.is_available);
  const found = (await (await page.request.get('/api/products?search=lavande')).json()).data
    .products as Summary[];
  const lavender = found.find((p) => p.name === 'Huile essentielle de lavande vraie');
  if (!plain || !lavender) throw new Error('seeded products missing');
  return { plain, lavender };
}

const NOTE = 'Livraison à Cocody svp, appelez avant';

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Panier/ });

// The demo's delivery terms (DELIVERY_TERMS unset), the agency's demo address and the hours
// e2e/fixtures.ts gives AGENCY_HOURS.
const DELIVERY = 'Livraison gratuite à notre agence';
const AGENCY_ADDRESS = 'Avenue Blaise Diagne, Médina, Dakar';
const AGENCY_HOURS = 'Du lundi au vendredi, 8 h 30 – 18 h';

async function addLavender30(page: Page, id: number) {
  await page.goto(`/products/${id}`);
  await expectLive(page);
  await page
    .getByRole('group', { name: 'Choisir une variante' })
    .getByRole('radio', { name: /30 ml/ })
    .click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Produit ajouté au panier !')).toBeVisible();
}

async function addPlain(page: Page, id: number, quantity: number) {
  await page.goto(`/products/${id}`);
  await expectLive(page);
  for (let i = 1; i < quantity; i += 1)
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.getByText('Produit ajouté au panier !')).toBeVisible();
}

test('a guest fills the cart, registers at checkout with her note kept, orders, gets the payment options, and cancels from her account', async ({
  page,
  browser,
  baseURL,
}) => {
  const { plain, lavender } = await pickProducts(page);
  const total = 9500 + 2 * plain.price;

  await addLavender30(page, lavender.id);
  await expect(cartLink(page)).toHaveAccessibleName('Panier, 1 article');
  // The toast hides itself after 3 s.
  await expect(page.getByText('Produit ajouté au panier !')).toBeHidden({ timeout: 5000 });

  await addPlain(page, plain.id, 2);
  await expect(cartLink(page)).toHaveAccessibleName('Panier, 3 articles');
  // The product page says where delivery goes, as the cart and the order's messages do.
  await expect(page.getByText(`Taxes incluses · ${DELIVERY}`)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Navigation mobile' }).getByRole('link', { name: /^Panier/ }),
  ).toHaveAccessibleName('Panier, 3 articles');
  // The guest cart id is kept for the API calls and for page loads.
  const sessionId = await page.evaluate(() => localStorage.getItem('cart_session_id'));
  expect(sessionId).toBeTruthy();
  expect((await page.context().cookies()).find((c) => c.name === 'cart_session_id')?.value).toBe(sessionId);

  await page.getByRole('link', { name: 'Voir le panier' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon panier' })).toBeVisible();
  const lines = page.getByRole('region', { name: 'Articles du panier' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: lavender.name })).toContainText('30 ml');
  await expect(lines.filter({ hasText: plain.name }).getByRole('status')).toHaveText('2');
  await expect(page.getByTestId('cart-total')).toHaveText(fcfa(total));
  // The same line in the summary's table: 'Livraison' heads it, 'Gratuite à notre agence' follows.
  const summary = page.getByRole('region', { name: 'Récapitulatif' });
  await expect(summary.getByRole('term').filter({ hasText: /^Livraison$/ })).toBeVisible();
  await expect(
    summary.getByRole('definition').filter({ hasText: /^Gratuite à notre agence$/ }),
  ).toBeVisible();
  await expect(summary.getByText('Taxes incluses')).toBeVisible();
  await expectNoHorizontalScroll(page);

  // Her wish for the shop, typed as a guest: it is kept with the cart through registration.
  await page.getByLabel(/Note pour la boutique/).fill(NOTE);
  await page.getByRole('button', { name: 'Commander' }).click();
  await expect(page).toHaveURL(
    /\/auth\/quick-register\?redirectTo=%2Fcart&checkout=1|\/auth\/quick-register\?redirectTo=\/cart&checkout=1/,
  );
  const name = 'Aïcha Checkout';
  const phone = `22177${String(Date.now()).slice(-7)}`;
  await page.getByLabel('Nom complet').fill(name);
  await page.getByLabel('Numéro WhatsApp').fill(phone);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill('motdepasse-sûr');
  await page.getByRole('button', { name: 'Créer mon compte et continuer' }).click();

  await expect(page).toHaveURL(/\/cart\?registered=1$/);
  await expect(
    page.getByText('Inscription réussie ! Vous pouvez maintenant finaliser votre commande.'),
  ).toBeVisible();
  // The guest cart became the new client's cart.
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId('cart-total')).toHaveText(fcfa(total));

  await expect(page.getByLabel(/Note pour la boutique/)).toHaveValue(NOTE);
  await page.getByRole('button', { name: 'Commander' }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+&new=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Bienvenue ${name} ! Votre commande est enregistrée`,
  );
  await expect(page.getByText('Commande en attente')).toBeVisible();

  const orders = (await (await page.request.get('/api/orders')).json()).data.orders as {
    id: number;
    order_number: string;
    status: string;
    total_amount: number;
    notes: string | null;
    tracking_url: string;
  }[];
  expect(orders).toHaveLength(1);
  const order = orders[0] as (typeof orders)[number];
  expect(order).toMatchObject({ status: 'en_attente', total_amount: total, notes: NOTE });
  await expect(page.getByText(order.order_number)).toBeVisible();
  await expect(page.getByText('3 articles')).toBeVisible();
  await expect(page.locator('main')).toContainText(fcfa(total));

  const pay = page.getByRole('link', { name: /Payer maintenant/ });
  await expect(pay).toHaveAttribute('target', '_blank');
  const payHref = (await pay.getAttribute('href')) ?? '';
  const message = decodeURIComponent(payHref);
  expect(message).toContain(`Bonjour, je suis ${name}. Je souhaite payer ma commande ${order.order_number}`);
  expect(message).toMatch(fcfa(total));
  expect(message).toContain(`Ma note : « ${NOTE} »`);
  expect(message).toContain(`${lavender.name} (30 ml) x1`);
  expect(message).toContain(`${plain.name} x2`);
  await expect(
    page
      .getByRole('region', { name: 'Votre commande' })
      .getByRole('definition')
      .filter({ hasText: /^Gratuite à notre agence$/ }),
  ).toBeVisible();
  // Paying at the agency: where it is and when it opens, then the map.
  const payment = page.getByRole('region', { name: 'Choisissez votre mode de paiement' });
  // Before she chooses: what becomes of an order left unpaid (UNPAID_ORDER_TIMEOUT, 72 h by
  // default), in words that agree with paying at the agency.
  await expect(payment).toContainText(
    "Une commande ni payée ni confirmée par la boutique dans les 72 h est annulée et ses articles remis en vente. Vous paierez à l'agence ? Dites-le-nous sur WhatsApp",
  );
  await expect(payment.getByText(AGENCY_ADDRESS, { exact: true })).toBeVisible();
  await expect(payment.getByText(AGENCY_HOURS, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Voir l'agence/ })).toHaveAttribute(
    'href',
    /google\.com\/maps/,
  );
  await expect(page.getByText('WhatsApp Disponible 24/7')).toBeVisible();
  // Her tracking link, to keep: the order followed without logging in (e2e/order-tracking.spec.ts).
  await expect(
    page.getByRole('region', { name: 'Suivre ma commande' }).getByRole('link', { name: order.tracking_url }),
  ).toHaveAttribute('href', order.tracking_url);
  await expect(cartLink(page)).toHaveAccessibleName('Panier, vide');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // A reload still shows the order (it is loaded by id for its owner).
  await page.reload();
  await expect(page.getByText(order.order_number)).toBeVisible();

  await page.getByRole('link', { name: 'Voir mes commandes' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByText(order.order_number).first()).toBeVisible();
  await expect(page.getByText('En attente').first()).toBeVisible();

  // 'Mes Commandes': the pending order can still be paid, with the same message, or cancelled.
  await page.goto('/profile?tab=orders');
  const card = page.getByRole('article', { name: `Commande ${order.order_number}` });
  await expect(card).toContainText('Non payée');
  await expect(card).toContainText('ni payée ni confirmée par la boutique dans les 72 h est annulée');
  const payAgain = card.getByRole('link', { name: /Payer maintenant/ });
  await expect(payAgain).toHaveAttribute('href', payHref);
  await card.getByRole('link', { name: /Annuler la commande/ }).click();
  await expect(card).toContainText(`Annuler la commande ${order.order_number} ?`);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Oui, annuler la commande' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `La commande ${order.order_number} est annulée` }),
  ).toBeVisible();
  await expect(card).toContainText('Annulée');
  // Who cancelled it, said on the card; nothing left to pay, no deadline.
  await expect(card).toContainText('Annulée à votre demande');
  await expect(card).not.toContainText('ni payée ni confirmée');
  await expect(card.getByRole('link', { name: /Payer maintenant|Annuler la commande/ })).toHaveCount(0);
  expect(
    ((await (await page.request.get(`/api/orders/${order.id}`)).json()).data.order as { status: string })
      .status,
  ).toBe('annulée');

  // The owner sees it: her note on the card, the cancellation by the client in its history.
  const owner = await browser.newContext({ baseURL });
  const admin = await owner.newPage();
  await logInAsAdmin(admin, `/admin/orders?search=${encodeURIComponent(order.order_number)}`);
  const adminCard = admin.getByRole('article', { name: `Commande ${order.order_number}` });
  await expect(adminCard).toContainText(`Note du client : ${NOTE}`);
  await expect(adminCard).toContainText('Annulée');
  await adminCard.getByRole('link', { name: `Voir détails, commande ${order.order_number}` }).click();
  await expect(
    admin.getByRole('region', { name: 'Historique des statuts' }).getByRole('listitem').last(),
  ).toContainText(`Par Client (${name})`);
  await owner.close();
});

test('the cart page: a quantity below 1 removes the line, and clearing asks first', async ({ page }) => {
  const { plain, lavender } = await pickProducts(page);
  await addPlain(page, plain.id, 1);
  await addLavender30(page, lavender.id);
  await expect(cartLink(page)).toHaveAccessibleName('Panier, 2 articles');

  await page.goto('/cart');
  await expectLive(page);
  const lines = page.getByRole('region', { name: 'Articles du panier' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('button', { name: `Augmenter la quantité de ${lavender.name} (30 ml)` }).click();
  await expect(page.getByTestId('cart-total')).toHaveText(fcfa(plain.price + 2 * 9500));
  await expect(cartLink(page)).toHaveAccessibleName('Panier, 3 articles');

  await page.getByRole('button', { name: `Diminuer la quantité de ${plain.name}` }).click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId('cart-total')).toHaveText(fcfa(2 * 9500));
  await expect(cartLink(page)).toHaveAccessibleName('Panier, 2 articles');
  // The server agrees after a reload.
  await page.reload();
  await expect(lines).toHaveCount(1);
  // 'Vider le panier' asks in a dialog its scripts open: tapped once they run.
  await expectLive(page);

  await page.getByRole('button', { name: 'Vider le panier' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Vider le panier ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(lines).toHaveCount(1);

  await page.getByRole('button', { name: 'Vider le panier' }).click();
  await dialog.getByRole('button', { name: 'Oui, vider le panier' }).click();
  await expect(page.getByRole('heading', { name: 'Votre panier est vide' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Découvrir le catalogue' })).toHaveAttribute(
    'href',
    '/catalog',
  );
  await expect(cartLink(page)).toHaveAccessibleName('Panier, vide');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Votre panier est vide' })).toBeVisible();
  await expectAccessible(page);
});

test("an order the stock can no longer serve shows 'Erreur de validation' and only 'Retour au panier'", async ({
  page,
  request,
  baseURL,
}) => {
  // A variant with a small stock: two clients put all of it in their carts, the first one orders.
  const list = (await (await request.get('/api/products?per_page=100')).json()).data.products as Summary[];
  let target: { productId: number; variantId: number; stock: number; label: string } | null = null;
  for (const product of list.filter((p) => p.variants_count > 0).reverse()) {
    const detail = (await (await request.get(`/api/products/${product.id}`)).json()).data;
    const variant = detail.variants.find(
      (v: { stock_quantity: number | null }) => v.stock_quantity !== null && v.stock_quantity > 0,
    );
    if (variant) {
      target = {
        productId: product.id,
        variantId: variant.id,
        stock: variant.stock_quantity,
        label: `${product.name} – ${variant.name}`,
      };
      break;
    }
  }
  if (!target) throw new Error('no variant with a limited stock in the seed');
  const line = { product_id: target.productId, variant_id: target.variantId, quantity: target.stock };
  const stamp = String(Date.now()).slice(-7);

  // The visitor in the browser: a guest cart holding the whole stock, then a quick registration.
  const added = await (await page.request.post('/api/cart', { data: line })).json();
  const sessionId = added.data.session_id as string;
  await page.context().addCookies([{ name: 'cart_session_id', value: sessionId, url: baseURL as string }]);
  const registered = await page.request.post('/api/auth/quick-register', {
    headers: { 'x-session-id': sessionId },
    data: { name: 'Binta Rupture', whatsapp_phone: `22178${stamp}`, password: 'motdepasse-sûr' },
  });
  expect(registered.status()).toBe(201);

  // Another client is faster.
  const other = await (
    await request.post('/api/auth/quick-register', {
      data: { name: 'Client Rapide', whatsapp_phone: `22176${stamp}`, password: 'motdepasse-sûr' },
    })
  ).json();
  const bearer = { authorization: `Bearer ${other.data.token}` };
  expect((await request.post('/api/cart', { headers: bearer, data: line })).status()).toBe(200);
  expect((await request.post('/api/orders', { headers: bearer, data: {} })).status()).toBe(201);

  await page.goto('/cart');
  await expectLive(page);
  await page.getByRole('button', { name: 'Commander' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Erreur de validation' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Stock insuffisant pour « ${target.label} » : 0 disponible(s)`);
  await expect(dialog.getByRole('button')).toHaveText(['Retour au panier']);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Retour au panier' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('region', { name: 'Articles du panier' }).getByRole('listitem')).toHaveCount(1);
});

test('the terms say when an unpaid order is cancelled, and that paying at the agency is confirmed first', async ({
  page,
}) => {
  await page.goto('/terms');
  await expect(page.getByRole('main')).toContainText(
    "Une commande ni payée ni confirmée par la boutique dans les 72 h est annulée et ses articles remis en vente. Vous paierez à l'agence ? Dites-le-nous sur WhatsApp : nous la confirmons et elle vous attend.",
  );
});

test('/order-success needs a signed-in owner and an order', async ({ page, baseURL }) => {
  await page.goto('/order-success?order=1');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Forder-success%3Forder%3D1/);

  const registered = await page.request.post('/api/auth/quick-register', {
    data: {
      name: 'Sans Commande',
      whatsapp_phone: `22170${String(Date.now()).slice(-7)}`,
      password: 'motdepasse-sûr',
    },
  });
  expect(registered.status()).toBe(201);
  for (const path of ['/order-success', '/order-success?order=999999', '/order-success?order=abc']) {
    await page.goto(path);
    await expect(page).toHaveURL(`${baseURL}/`);
  }
});
