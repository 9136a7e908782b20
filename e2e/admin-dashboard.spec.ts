import { readFile } from 'node:fs/promises';
import { logInAsAdmin } from './admin-helpers.ts';
import { expect, type Page, test } from './fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, fcfa } from './helpers.ts';
import { placeOrder } from './order-helpers.ts';

// The dashboard and its full report (docs/decisions/0021), from the owner's desk and phone: real figures
// summed by the server, today's order in the chart's table, the local copy shown at once on a
// visit from another page and refreshed 1 s later, and the report's period and CSV.

/** Today in the shop's time zone (UTC), as the tables write it: '25/11/2026'. */
const todayFr = () => new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
/** `n` as a pattern of its fr-FR writing ('1 234', grouped by a narrow no-break space). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?');

/** Today's line of the revenue chart's table (opened), as its orders and revenue. */
async function todaysFigures(page: Page) {
  const chart = page.getByRole('region', { name: "Chiffre d'affaires des 30 derniers jours", exact: true });
  const table = chart.getByRole('table', { name: "Chiffre d'affaires des 30 derniers jours, par jour" });
  if (!(await table.isVisible())) await chart.getByText('Voir le tableau').click();
  const row = table.getByRole('row', { name: new RegExp(`^${todayFr()}`) });
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  return {
    row,
    orders: digits(await cells.nth(0).textContent()),
    revenue: digits(await cells.nth(1).textContent()),
  };
}

const recentOrders = (page: Page) => page.getByRole('region', { name: 'Commandes récentes', exact: true });

/** The number a labelled figure (a `dt` and its first `dd`) of `list` shows: '12 500 FCFA' → 12500. */
async function figure(page: Page, list: ReturnType<Page['locator']>, label: string) {
  const term = page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
  const value = list.locator('div').filter({ has: term }).getByRole('definition').first();
  return digits(await value.textContent());
}

/** The stat cards (a `dl` of their own) and 'Activité récente', as numbers. */
async function shopFigures(page: Page) {
  const cards = page
    .locator('dl')
    .filter({ has: page.getByRole('term').filter({ hasText: /^Total Produits$/ }) });
  const week = page.getByRole('region', { name: 'Activité récente' });
  return {
    customers: await figure(page, cards, 'Clients Actifs'),
    orders: await figure(page, cards, 'Commandes'),
    revenue: await figure(page, cards, "Chiffre d'Affaires"),
    weekOrders: await figure(page, week, 'Commandes'),
    weekRevenue: await figure(page, week, "Chiffre d'affaires"),
    newCustomers: await figure(page, week, 'Nouveaux clients'),
  };
}

test("a new order shows in the recent orders and in today's figures; a visit from another page shows the local copy, refreshed 1 s later", async ({
  page,
  browser,
  baseURL,
}) => {
  // The page's timers run on a clock the test moves: the refresh comes when the test says.
  await page.clock.install();
  await logInAsAdmin(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  for (const card of ['Total Produits', 'Clients Actifs', 'Commandes', "Chiffre d'Affaires"])
    await expect(
      page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${card}$`) })
        .first(),
    ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Activité récente' })).toContainText('Nouveaux clients');
  const before = await todaysFigures(page);
  const shopBefore = await shopFigures(page);

  // A new customer's order: the cards, this week's activity and today's line all count it.
  const first = await placeOrder(browser, baseURL, 'Khady Tableau');
  // A full page load reads the server's figures.
  await page.reload();
  await expect(recentOrders(page).getByRole('link', { name: first.number })).toBeVisible();
  const after = await todaysFigures(page);
  expect(after.orders).toBe(before.orders + 1);
  await expect(after.row).toContainText(fcfa(before.revenue + first.total));
  expect(await shopFigures(page)).toEqual({
    customers: shopBefore.customers + 1,
    orders: shopBefore.orders + 1,
    revenue: shopBefore.revenue + first.total,
    weekOrders: shopBefore.weekOrders + 1,
    weekRevenue: shopBefore.weekRevenue + first.total,
    newCustomers: shopBefore.newCustomers + 1,
  });
  await expect(page.getByText(/^Dernière mise à jour : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // Off to the report, while another order comes in.
  await page.getByRole('link', { name: 'Rapport complet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rapport complet' })).toBeVisible();
  const second = await placeOrder(browser, baseURL, 'Ousmane Cache');
  await page.clock.pauseAt(Date.now() + 1000);

  // Back on the dashboard: the copy kept at the last load, at once, without the new order…
  await page.goBack();
  await expect(recentOrders(page).getByRole('link', { name: first.number })).toBeVisible();
  await expect(recentOrders(page).getByRole('link', { name: second.number })).toHaveCount(0);
  // …then, 1 s later, the server's figures.
  await page.clock.runFor(1000);
  await expect(recentOrders(page).getByRole('link', { name: second.number })).toBeVisible();
  await first.context.close();
  await second.context.close();
});

/** The dashboard's local copy (apps/web/app/features/admin-dashboard/dashboard-cache.ts). */
const COPY_KEY = 'souk.admin.dashboard.v1';
const storedCopy = (page: Page) => page.evaluate((key) => localStorage.getItem(key), COPY_KEY);

test("the local copy: a shop's large revenue fits a 360 px phone; logging out forgets the copy and its customers' names", async ({
  page,
}) => {
  await page.clock.install();
  await logInAsAdmin(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await expect.poll(() => storedCopy(page)).not.toBeNull();

  // The server's figures cannot be made that large cheaply; the copy a client-side visit shows
  // can: the page renders it as it would the server's (the refresh that would replace it 1 s
  // later never comes: the clock stands still).
  const REVENUE = 2_000_000_000;
  await page.clock.pauseAt(Date.now() + 1000);
  await page.evaluate(
    ([key, revenue]) => {
      const entry = JSON.parse(localStorage.getItem(key as string) ?? '{}');
      entry.saved_at = Date.now();
      entry.dashboard.stats.total_revenue = revenue;
      localStorage.setItem(key as string, JSON.stringify(entry));
    },
    [COPY_KEY, REVENUE],
  );
  await page.getByRole('link', { name: 'Rapport complet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rapport complet' })).toBeVisible();
  await page.goBack();
  const revenue = page.getByRole('definition').filter({ hasText: fcfa(REVENUE) });
  await expect(revenue).toBeVisible();

  for (const width of [page.viewportSize()?.width ?? 360, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalScroll(page);
    // The figure stays inside its card, not drawn over the next one or cut by the screen's edge.
    const fits = await revenue.evaluate((dd) => {
      const card = (dd.parentElement as HTMLElement).getBoundingClientRect();
      return dd.scrollWidth <= dd.clientWidth && card.right <= document.documentElement.clientWidth;
    });
    expect(fits, `at ${width} px`).toBe(true);
  }

  // The copy lists the newest orders' customers: it goes with the session (from the menu: at
  // 360 px the header has no room for 'Se déconnecter').
  expect(await storedCopy(page)).not.toBeNull();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/auth/login');
  expect(await storedCopy(page)).toBeNull();
});

test('the full report: periods in the URL, days refused with the reason, and its CSV', async ({ page }) => {
  await logInAsAdmin(page, '/admin/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Rapport complet' })).toBeVisible();
  for (const title of ["Chiffre d'affaires par jour", 'Commandes par statut', 'Produits les plus commandés'])
    await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();

  await page.getByRole('link', { name: '7 derniers jours' }).click();
  await expect(page).toHaveURL(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('link', { name: '7 derniers jours' })).toHaveAttribute('aria-current', 'page');
  // The period's orders, counted three ways: its card, its days and its statuses agree.
  const cards = page
    .locator('dl')
    .filter({ has: page.getByRole('term').filter({ hasText: /^Articles vendus$/ }) });
  const periodOrders = await figure(page, cards, 'Commandes');
  const status = page.getByRole('region', { name: 'Commandes par statut', exact: true });
  await status.getByText('Voir le tableau').click();
  await expect(status.getByRole('table')).toContainText('Annulée');
  await expect(
    status.getByRole('table', {
      name: new RegExp(`^Commandes par statut \\(${grouped(periodOrders)} au total\\)$`),
    }),
  ).toBeVisible();
  const revenue = page.getByRole('region', { name: "Chiffre d'affaires par jour", exact: true });
  await revenue.getByText('Voir le tableau').click();
  await expect(revenue.getByRole('row')).toHaveCount(8);
  const dayOrders = await revenue
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).reduce((sum, row) => sum + Number(row.children[1]?.textContent?.replace(/\D/g, '')), 0),
    );
  expect(dayOrders).toBe(periodOrders);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // A period typed backwards: the API's reason, the picker still there.
  await page.getByLabel('Du', { exact: true }).fill('2026-03-10');
  await page.getByLabel('Au', { exact: true }).fill('2026-03-01');
  await page.getByRole('button', { name: 'Afficher' }).click();
  await expect(page.getByRole('alert')).toHaveText('La date de début doit précéder la date de fin');
  await expect(page).toHaveURL(/from=2026-03-10&to=2026-03-01/);
  // The fields say they were refused, and why.
  for (const field of [page.getByLabel('Du', { exact: true }), page.getByLabel('Au', { exact: true })]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('La date de début doit précéder la date de fin');
  }

  await page.getByRole('link', { name: '30 derniers jours' }).click();
  await expect(page.getByLabel('Du', { exact: true })).not.toHaveAttribute('aria-invalid');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Télécharger le CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rapport-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    "\uFEFFDate;Commandes;Articles;Chiffre d'affaires (FCFA);Encaissé (FCFA);À rembourser (FCFA);En attente;Acceptée;Prête pour la livraison;En cours de livraison;Disponible à l'agence;Annulée",
  );
  // 30 days, the total, and the empty string after the last line end.
  expect(lines).toHaveLength(33);
  expect(lines[30]).toMatch(new RegExp(`^${todayFr()};\\d+;\\d+;\\d+;\\d+;\\d+(;\\d+){6}$`));
  // The total line adds up the 30 days, column by column.
  const cells = (line: string | undefined) => (line ?? '').split(';').slice(1).map(Number);
  const sums = lines
    .slice(1, 31)
    .reduce((sum, line) => sum.map((n, i) => n + (cells(line)[i] ?? 0)), Array(11).fill(0));
  expect(lines[31]).toBe(`Total;${sums.join(';')}`);
});
