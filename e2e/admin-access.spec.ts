import { NOTICE_PAGES } from '../apps/web/app/lib/notice-pages.ts';
import routes from '../apps/web/app/routes.ts';
import { logInAsAdmin, signInNewClient } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll } from './helpers.ts';

// Every back-office page of the route table (a page added later is covered without being listed):
// its path, and the id React Router gives its module, whose loader a data request can call alone.
type RouteEntry = { path?: string; id?: string; file: string; children?: RouteEntry[] };
const adminPages = (routes as RouteEntry[])
  .flatMap((r) => [r, ...(r.children ?? [])])
  .filter((r) => r.path?.startsWith('admin') && r.file.startsWith('routes/admin-'))
  .map((r) => ({ path: `/${r.path}`, id: r.id ?? r.file.replace(/\.tsx?$/, '') }));

test('the route table holds the back-office pages, and the categories page takes forms', async ({
  request,
}) => {
  // At least one admin page has an action, so the POST checks below do reach one.
  const posted = await request.post('/admin/categories', { form: { intent: 'delete' }, maxRedirects: 0 });
  expect(posted.status()).toBe(302);
  expect(adminPages.map((p) => p.path)).toEqual(
    expect.arrayContaining(['/admin', '/admin/categories', '/admin/products', '/admin/orders']),
  );
});

test('a guest who opens a back-office page is sent to the login page, then back to it', async ({ page }) => {
  await page.goto('/admin/categories?status=inactive');
  await expect(page).toHaveURL('/auth/login?redirectTo=%2Fadmin%2Fcategories%3Fstatus%3Dinactive');
  await page.getByLabel('Email ou numéro WhatsApp').fill('admin@souk.test');
  await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-admin-e2e');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/admin/categories?status=inactive');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Catégories' })).toBeVisible();
});

test('a signed-in admin who opens a sign-in page lands in the back office, a client in her account', async ({
  page,
}) => {
  // Where a signed-in user belongs is said once (lib/session.ts): every sign-in page follows it.
  const signInPages = ['/auth/login', '/auth/register', '/auth/quick-register', '/profile'];
  // Straight there, in one redirect.
  const landing = async (path: string) =>
    (await page.request.get(path, { maxRedirects: 0 })).headers().location;
  await logInAsAdmin(page);
  for (const path of signInPages) expect(await landing(path), path).toBe('/admin');
  await page.context().clearCookies();
  await signInNewClient(page);
  for (const path of signInPages.slice(0, 3)) expect(await landing(path), path).toBe('/profile');
});

test('no back-office loader or action answers a guest or a client, even called alone', async ({
  page,
  request,
}) => {
  for (const { path, id } of adminPages) {
    // A data request for the page's own loader only: the layout's check does not run for it.
    const alone = await request.get(`${path}.data?_routes=${encodeURIComponent(id)}`);
    expect(await alone.text(), path).toContain(`"/auth/login?redirectTo=${encodeURIComponent(path)}"`);
    // A page without an action answers 405; one with an action sends the guest to log in, or
    // (the orders screen) shows the notice that says so.
    const posted = await request.post(path, { form: { intent: 'delete', id: '1' }, maxRedirects: 0 });
    const notice = NOTICE_PAGES.get(path);
    if (notice) expect(await posted.text(), `POST ${path}`).toContain(notice.guest);
    else expect([302, 405], `POST ${path}`).toContain(posted.status());
    if (posted.status() === 302)
      expect(posted.headers().location, `POST ${path}`).toMatch(/^\/auth\/login\?/);
  }
  await signInNewClient(page);
  for (const { path, id } of adminPages) {
    await page.goto(path);
    await expect(page, path).toHaveURL('/');
    const alone = await page.request.get(`${path}.data?_routes=${encodeURIComponent(id)}`);
    // The orders screen says why before sending the client home: its data is that notice,
    // also when the layout's loader runs with it (a client-side navigation or revalidation).
    expect(await alone.text(), path).toMatch(
      NOTICE_PAGES.has(path) ? /Vous devez avoir les droits d'administrateur/ : /"redirect","\/"/,
    );
    if (NOTICE_PAGES.has(path)) {
      const withLayout = await (await page.request.get(`${path}.data`)).text();
      expect(withLayout, path).toContain("Vous devez avoir les droits d'administrateur");
      expect(withLayout, path).not.toMatch(/"redirect"/);
    }
    const posted = await page.request.post(path, { form: { intent: 'delete', id: '1' }, maxRedirects: 0 });
    if (NOTICE_PAGES.has(path))
      expect(await posted.text(), `POST ${path}`).toContain("Vous devez avoir les droits d'administrateur");
    else expect([302, 405], `POST ${path}`).toContain(posted.status());
    if (posted.status() === 302) expect(posted.headers().location, `POST ${path}`).toBe('/');
  }
});

test('the shell: menu (a drawer on phones), search, bell, every page accessible, logout to the login page', {
  tag: '@desk-and-phone',
}, async ({ page, isMobile }) => {
  // Every back-office page, each audited by axe (about 30 s on a quiet 2-core machine): more time
  // than one journey's default.
  test.slow();
  await logInAsAdmin(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();

  // Nothing of the back office is kept by a browser or a proxy: pages and their data requests.
  for (const { path, id } of adminPages) {
    for (const url of [path, `${path}.data?_routes=${encodeURIComponent(id)}`]) {
      const res = await page.request.get(url);
      expect(res.headers()['cache-control'], url).toBe('no-store');
    }
  }

  for (const { path } of adminPages.filter((p) => !p.path.includes('search'))) {
    await page.goto(path);
    await expect(page.locator('h1')).toHaveCount(1);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    if (isMobile) {
      // The smallest phones the shop serves: 360 px.
      await page.setViewportSize({ width: 360, height: 780 });
      await expectNoHorizontalScroll(page);
      await page.setViewportSize({ width: 390, height: 844 });
    }
  }

  // The menu: on a phone it is a drawer opened by 'Menu', closed by a link.
  await page.goto('/admin');
  if (isMobile) {
    await expect(page.getByRole('navigation', { name: 'Administration' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: "Menu de l'administration" });
    await expect(drawer).toBeVisible();
    await expectAccessible(page);
    await drawer.getByRole('link', { name: 'Catégories' }).click();
    await expect(drawer).toBeHidden();
  } else {
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Catégories' })
      .click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Catégories' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Administration' });
  if (!isMobile)
    await expect(menu.getByRole('link', { name: 'Catégories' })).toHaveAttribute('aria-current', 'page');

  // The header search finds products and categories, inactive ones included.
  await page
    .getByRole('searchbox', { name: 'Rechercher des produits, des catégories, des commandes ou des clients' })
    .fill('savon');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/search?q=savon');
  await expect(page.getByRole('heading', { level: 2, name: 'Produits' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Catégories' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /savon/i }).first()).toBeVisible();
  await expectAccessible(page);

  // The bell names the orders waiting, as many as the API counts.
  const pending = (await (await page.request.get('/api/admin/notifications')).json()).data.pending_orders;
  const bell =
    pending === 0 ? 'Aucune commande en attente' : `${pending} commande${pending > 1 ? 's' : ''} en attente`;
  await expect(page.getByRole('link', { name: bell, exact: true })).toHaveAttribute(
    'href',
    '/admin/orders?status=en_attente#liste-commandes',
  );

  // 'Se déconnecter' ends the session and opens the login page.
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  }
  await expect(page).toHaveURL('/auth/login');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fadmin/);
});
