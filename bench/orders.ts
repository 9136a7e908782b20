// The back office on a large shop: 100 000 orders of 20 000 customer accounts (and
// guests) seeded straight into the bench's PostgreSQL database, then the admin order list's first
// page (unfiltered, and with a status and a search), the customers list (first page, by number of
// orders, a search) and statistics, the dashboard and its report, autocannon on the running
// server, and the CSV export of every order — its time, size and the server's memory while it
// streams.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { adminToken } from './admin.ts';
import { type LoadOptions, type LoadResult, measure } from './load.ts';

export const ORDERS_ADMIN = { email: 'bench-orders@souk.test', password: 'motdepasse-bench-commandes' };
export const BENCH_ORDERS = 100_000;
/** Customer accounts the orders belong to (three orders in four; the rest are guests'). */
export const BENCH_CUSTOMERS = 20_000;

export type ListCase = { id: string; path: string; result: LoadResult };
export type ExportResult = {
  path: string;
  status: number;
  seconds: number;
  bytes: number;
  lines: number;
  /** The server's resident memory before the export and its highest reading during it (MB). */
  rssBeforeMB: number;
  rssPeakMB: number;
};
export type OrdersResult = {
  orders: number;
  customers: number;
  items: number;
  seedS: number;
  lists: ListCase[];
  exports: ExportResult[];
};

const FIRST_NAMES = [
  'Awa',
  'Moussa',
  'Fatou',
  'Aïssatou',
  'Ibrahima',
  'Mariama',
  'Cheikh',
  'Khady',
  'Ousmane',
  'Ndèye',
];
const LAST_NAMES = [
  'Diop',
  'Fall',
  'Ndiaye',
  'Sow',
  'Ba',
  'Diallo',
  'Sarr',
  'Gueye',
  'Faye',
  'Mbaye',
  'Cissé',
  'Kane',
];
const sqlArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`;

/**
 * `count` orders over the past year (one every ~5 minutes), every status, 1 to 3 articles each,
 * clients named from a few dozen first and last names with distinct phones. One statement per table.
 */
export async function seedOrders(
  databaseUrl: string,
  count: number,
): Promise<{ seedS: number; items: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Accounts as registration makes them (the hash is never checked: nobody logs in as them).
    await client.query(`
      insert into users (name, email, whatsapp_phone, password_hash, role, status, created_at, updated_at)
      select (${sqlArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' ' || n,
             case when n % 2 = 0 then 'bench-client' || n || '@exemple.sn' end,
             '+22178' || lpad(n::text, 7, '0'),
             'x', 'client', case when n % 50 = 0 then 'blocked' else 'active' end,
             now() - n * interval '20 minutes', now() - n * interval '20 minutes'
        from generate_series(1, ${BENCH_CUSTOMERS}) as n`);
    await client.query(`
      insert into orders (order_number, status, total_amount, total_items, contact_name, contact_phone, contact_email, created_at, updated_at)
      select 'CMD-' || to_char(now() - n * interval '5 minutes', 'YYYYMMDD') || '-B' || n,
             (array['en_attente', 'acceptée', 'prête', 'en_cours', 'disponible', 'annulée'])[1 + n % 6],
             0, 0,
             (${sqlArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}] || ' ' || (${sqlArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
             '+22177' || lpad(n::text, 7, '0'),
             case when n % 3 = 0 then 'client' || n || '@exemple.sn' end,
             now() - n * interval '5 minutes', now() - n * interval '5 minutes'
        from generate_series(1, ${count}) as n`);
    const items = await client.query(`
      insert into order_items (order_id, product_name, variant_name, unit_price, quantity, total_price)
      select o.id, 'Produit ' || (o.id * 7 + k) % 90, case when k = 2 then '100 ml' end,
             1000 + ((o.id * 37 + k) % 50) * 500, 1 + k % 2, (1000 + ((o.id * 37 + k) % 50) * 500) * (1 + k % 2)
        from orders o, generate_series(1, 1 + o.id % 3) as k
       where o.order_number like 'CMD-%-B%'`);
    await client.query(`
      update orders o set total_amount = s.amount, total_items = s.quantity
        from (select order_id, sum(total_price)::int as amount, sum(quantity)::int as quantity
                from order_items group by order_id) s
       where s.order_id = o.id and o.order_number like 'CMD-%-B%'`);
    await client.query(`
      update orders o set user_id = u.id
        from (select id, row_number() over (order by id) - 1 as k from users where email like 'bench-client%' or whatsapp_phone like '+22178%') u
       where o.order_number like 'CMD-%-B%' and o.id % 4 <> 0 and u.k = o.id % ${BENCH_CUSTOMERS}`);
    await client.query('analyze users; analyze orders; analyze order_items');
    return { seedS: Math.round((performance.now() - started) / 100) / 10, items: items.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}

/** The calendar day `days` before today, as a date input sends it (UTC, the shop's days). */
const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The resident memory of process `pid` in MB (Linux /proc), or NaN elsewhere. */
function rssMB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return Number.NaN;
  }
}

/** One download read to its end while the server's memory is sampled every 20 ms. */
async function timeExport(origin: string, path: string, token: string, pid: number): Promise<ExportResult> {
  const rssBeforeMB = rssMB(pid);
  let rssPeakMB = rssBeforeMB;
  const sampler = setInterval(() => {
    rssPeakMB = Math.max(rssPeakMB, rssMB(pid));
  }, 20);
  const started = performance.now();
  try {
    // As a browser asks for it: compressed on the way (the CSV shrinks about tenfold).
    const res = await fetch(`${origin}${path}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body ?? []) {
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    return {
      path,
      status: res.status,
      seconds: Math.round((performance.now() - started) / 10) / 100,
      bytes,
      lines,
      rssBeforeMB,
      rssPeakMB: Math.max(rssPeakMB, rssMB(pid)),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The list cases under load (fewer connections: an office of a few admins, not a crowd), then the exports. */
export async function measureOrders(
  origin: string,
  serverPid: number,
  seeded: { seedS: number; items: number },
  options: LoadOptions,
): Promise<OrdersResult> {
  const token = await adminToken(origin, ORDERS_ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const cases = [
    { id: 'first page', path: '/api/admin/orders' },
    {
      id: 'status + search',
      path: `/api/admin/orders?status=en_attente&search=${encodeURIComponent('ndiaye')}`,
    },
    { id: 'phone search', path: '/api/admin/orders?search=77%20000%2012' },
    { id: 'customers, first page', path: '/api/admin/customers' },
    { id: 'customers by orders', path: '/api/admin/customers?sort_by=orders_count&per_page=50' },
    { id: 'customers search', path: `/api/admin/customers?search=${encodeURIComponent('fatou ndiaye')}` },
    { id: 'customer statistics', path: '/api/admin/customers/stats' },
    { id: 'dashboard', path: '/api/admin/dashboard' },
    { id: 'report, 30 days', path: '/api/admin/dashboard/report' },
    { id: 'report, a year', path: `/api/admin/dashboard/report?from=${dayBefore(365)}&to=${dayBefore(0)}` },
  ];
  const lists: ListCase[] = [];
  for (const c of cases) lists.push({ ...c, result: await measure(`${origin}${c.path}`, options, headers) });
  const exports = [
    await timeExport(origin, '/api/admin/orders/export', token, serverPid),
    await timeExport(origin, '/api/admin/orders/export?status=disponible', token, serverPid),
    await timeExport(
      origin,
      `/api/admin/dashboard/report/export?from=${dayBefore(365)}&to=${dayBefore(0)}`,
      token,
      serverPid,
    ),
  ];
  return {
    orders: BENCH_ORDERS,
    customers: BENCH_CUSTOMERS,
    items: seeded.items,
    seedS: seeded.seedS,
    lists,
    exports,
  };
}
