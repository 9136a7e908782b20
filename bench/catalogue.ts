// Searches at catalogue scale (docs/decisions/0024): on a shop of 20 000 products
// (bench/catalogue-seed.ts), the search box's suggestions as a customer types and the search page
// with a category filter sorted by price, one client at a time, each request with a guest cart of
// its own so no cache answers it; then the plans of those statements (EXPLAIN ANALYZE, replayed as
// the API runs them) and the indexes they read.
import { randomUUID } from 'node:crypto';
import { ProductListQuerySchema, SearchSuggestionsQuerySchema } from '@souk/domain/catalog';
import { SEARCH_RESULTS_PER_PAGE, SEARCH_SUGGESTION_PRODUCTS } from '@souk/domain/limits';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, WORD_SIMILARITY_THRESHOLD } from '../apps/api/src/db/client.ts';
import { listProducts, suggestProducts } from '../apps/api/src/modules/catalog/catalog.service.ts';
import { percentile, round } from './load.ts';

export const CATALOGUE_TARGETS = { suggestionsP95Ms: 20, searchPageP95Ms: 50 };
const ROUNDS = 5;
// What customers type, letter after letter from the search box's 2 (SEARCH_MIN_CHARS), a typo
// included; each prefix is a suggestions request.
const TYPED = ['savon', 'huile', 'parfum', 'karite', 'jasmin', 'creme', 'ambre', 'rose', 'argan', 'crme'];
export const PREFIXES = [...new Set(TYPED.flatMap((w) => [...w].map((_, i) => w.slice(0, i + 1)).slice(1)))];
// The search page: words and the main category a customer narrows them to.
const SEARCHES: [string, string][] = [
  ['savon', 'Savons'],
  ['huile', 'Huiles'],
  ['parfum', 'Parfums'],
  ['musc', 'Parfums'],
  ['karite', 'Soins du corps'],
  ['rose', 'Soins du visage'],
  ['ambre', 'Coffrets'],
  ['savon noir', 'Hammam'],
  ['argan', 'Cheveux'],
  ['bougie', 'Bougies'],
];

export type TimedCase = {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  targetP95Ms: number;
  non2xx: number;
  /** The slowest path and its median. */
  slowest: { path: string; p50Ms: number } | null;
};
export type PlanCheck = { label: string; ms: number; indexes: string[]; seqScans: string[] };
export type CatalogueResult = {
  products: number;
  variants: number;
  categories: number;
  seedS: number;
  rounds: number;
  suggestions: TimedCase;
  searchPage: TimedCase;
  plans: PlanCheck[];
};

/** One client, one request after the other: each path `ROUNDS` times after one discarded round. */
async function timeCase(origin: string, paths: string[], targetP95Ms: number): Promise<TimedCase> {
  const all: number[] = [];
  const byPath = new Map<string, number[]>();
  let non2xx = 0;
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const path of paths) {
      const started = performance.now();
      // A guest cart of its own: never answered from the response cache.
      const res = await fetch(origin + path, {
        headers: { 'x-session-id': randomUUID(), 'accept-encoding': 'identity' },
      });
      await res.arrayBuffer();
      const ms = performance.now() - started;
      if (res.status !== 200) non2xx += 1;
      if (round === 0) continue;
      all.push(ms);
      byPath.set(path, [...(byPath.get(path) ?? []), ms]);
    }
  }
  const sorted = Float64Array.from(all).sort();
  let slowest: TimedCase['slowest'] = null;
  for (const [path, times] of byPath) {
    const p50Ms = round(percentile(Float64Array.from(times).sort(), 50));
    if (!slowest || p50Ms > slowest.p50Ms) slowest = { path, p50Ms };
  }
  return {
    requests: all.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    targetP95Ms,
    non2xx,
    slowest,
  };
}

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };
function walk(node: PlanNode, indexes: Set<string>, seqScans: Set<string>) {
  if (node['Index Name']) indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) seqScans.add(node['Relation Name']);
  for (const child of node.Plans ?? []) walk(child, indexes, seqScans);
}

/**
 * The statements the API runs for a request (`run`, with a database that records them as it runs
 * them, so a search asks only the tiers it needs), each then under EXPLAIN ANALYZE in one
 * transaction: their time, the indexes their plans read, and the tables they read whole.
 */
async function explain(
  client: pg.Client,
  label: string,
  run: (db: Db) => Promise<unknown>,
): Promise<PlanCheck> {
  const dialect = new PgDialect();
  const statements: { sql: string; params: unknown[] }[] = [];
  const answer = async (statement: { sql: string; params: unknown[] }) => {
    statements.push(statement);
    return { rows: (await client.query(statement.sql, statement.params)).rows };
  };
  const recorder = {
    execute: (statement: SQL) => answer(dialect.sqlToQuery(statement)),
    // A prepared statement (queryPrepared) is recorded as its text and values alike.
    _: {
      session: {
        prepareQuery: (compiled: { sql: string; params: unknown[] }) => ({ execute: () => answer(compiled) }),
      },
    },
    transaction: async (fn: (tx: unknown) => unknown) => fn(recorder),
  };
  await run(recorder as unknown as Db);
  if (!statements.length) throw new Error(`no statement for ${label}`);
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  let ms = 0;
  await client.query('begin');
  try {
    for (const statement of statements) {
      const { rows } = await client.query(
        `explain (analyze, format json) ${statement.sql}`,
        statement.params,
      );
      const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] })[
        'QUERY PLAN'
      ][0];
      walk(plan.Plan, indexes, seqScans);
      ms += plan['Execution Time'];
    }
    return { label, ms: round(ms), indexes: [...indexes].sort(), seqScans: [...seqScans].sort() };
  } finally {
    await client.query('rollback');
  }
}

/** The catalogue cases on `origin`, a server on the seeded database at `databaseUrl`. */
export async function measureCatalogue(
  origin: string,
  databaseUrl: string,
  seeded: { products: number; variants: number; categories: number; seedS: number },
): Promise<CatalogueResult> {
  const res = await fetch(`${origin}/api/categories`);
  const { data } = (await res.json()) as { data: { categories: { id: number; name: string }[] } };
  const categoryId = (name: string) => {
    const found = data.categories.find((c) => c.name === name);
    if (!found) throw new Error(`no main category named ${name}`);
    return String(found.id);
  };
  const suggestion = (q: string) => ({ search: q });
  const searchPage = ([q, category]: [string, string]) => ({
    search: q,
    per_page: String(SEARCH_RESULTS_PER_PAGE),
    sort: 'price',
    sort_order: 'asc',
    category_id: categoryId(category),
  });
  const path = (query: Record<string, string>) => `/api/products?${new URLSearchParams(query)}`;

  // What the search box asks for (apps/web/app/features/layout/use-search-suggestions.ts).
  const suggestions = await timeCase(
    origin,
    PREFIXES.map((q) => `/api/search/suggestions?${new URLSearchParams(suggestion(q))}`),
    CATALOGUE_TARGETS.suggestionsP95Ms,
  );
  const page = await timeCase(
    origin,
    SEARCHES.map((s) => path(searchPage(s))),
    CATALOGUE_TARGETS.searchPageP95Ms,
  );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const plans: PlanCheck[] = [];
  try {
    // As the server's connections are set (apps/api/src/db/client.ts).
    await client.query(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
    for (const q of ['sa', 'sav', 'parfum', 'jasmin', 'crme'])
      plans.push(
        await explain(client, `suggestions "${q}"`, (db) =>
          suggestProducts(db, SearchSuggestionsQuerySchema.parse(suggestion(q))),
        ),
      );
    for (const s of SEARCHES.slice(0, 3))
      plans.push(
        await explain(client, `search page "${s[0]}" in ${s[1]}, by price`, (db) =>
          listProducts(db, ProductListQuerySchema.parse(searchPage(s))),
        ),
      );
  } finally {
    await client.end();
  }
  return { ...seeded, rounds: ROUNDS, suggestions, searchPage: page, plans };
}

export function catalogueTable(result: CatalogueResult): string {
  const row = (label: string, c: TimedCase) =>
    `| ${label} | ${c.requests} | ${c.p50Ms.toFixed(1)} | ${c.p95Ms.toFixed(1)} | ${c.maxMs.toFixed(1)} | ≤ ${c.targetP95Ms} ${c.p95Ms <= c.targetP95Ms ? '✓' : '✗'} | ${c.non2xx} | ${c.slowest ? `${c.slowest.path} (${c.slowest.p50Ms} ms)` : '—'} |`;
  return [
    `${result.products} products, ${result.variants} variants, ${result.categories} categories, seeded in ${result.seedS} s; one client, each request ${result.rounds} times (after one discarded round), with a guest cart of its own (never cached).`,
    '',
    '| case | requests | p50 ms | p95 ms | max ms | target p95 | non-2xx | slowest (p50) |',
    '|---|---:|---:|---:|---:|---|---:|---|',
    row(
      `suggestions: ${PREFIXES.length} typed prefixes (${SEARCH_SUGGESTION_PRODUCTS} products)`,
      result.suggestions,
    ),
    row(
      `search page: ${SEARCHES.length} searches in a category, by price (per_page=${SEARCH_RESULTS_PER_PAGE})`,
      result.searchPage,
    ),
    '',
    '| plan (EXPLAIN ANALYZE) | ms | indexes read | tables read whole |',
    '|---|---:|---|---|',
    ...result.plans.map(
      (p) => `| ${p.label} | ${p.ms} | ${p.indexes.join(', ') || '—'} | ${p.seqScans.join(', ') || '—'} |`,
    ),
  ].join('\n');
}
