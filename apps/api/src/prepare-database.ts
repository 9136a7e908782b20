import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { runDataMigrations } from './db/data-migrations.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { seedDemoShop } from './db/seed/seed.ts';
import { bootstrapAdmin } from './modules/auth/bootstrap-admin.ts';
import { orderTracking } from './modules/orders/order-tracking.ts';
import { syncTrackingLinks } from './modules/orders/orders.service.ts';
import { cookieSecret } from './plugins/cookie-secret.ts';

export type PrepareOptions = {
  log?: (line: string) => void;
  warn?: (line: string) => void;
  /** The demo shop's seeding (tests pass a stand-in: the real one draws 134 pictures). */
  seed?: (database: Database) => Promise<unknown>;
};

/**
 * Left in DATA_DIR by a restore of a version before docs/decisions/0044 that was cut half-way:
 * its database may be partial. Restores no longer write it (they are one transaction); a start
 * still refuses on it until the restore is run again.
 */
export const LEGACY_RESTORE_MARKER = 'restauration-incomplete';
export const restoreInterrupted = (dataDir: string) =>
  `Une restauration a été interrompue avant la fin (${path.join(dataDir, LEGACY_RESTORE_MARKER)}) : la base est incomplète. Relancez npm run restore -- FICHIER --force, puis npm start.`;

export const PGLITE_PRODUCTION_WARNING =
  'Base embarquée (PGlite) en production : elle tourne sans fsync, une coupure de courant peut faire perdre des commandes déjà confirmées. Pour une boutique en ligne, utilisez PostgreSQL avec DATABASE_URL (voir le README).';

/** What a new database starts with, as SEED says: the demo shop (with its orders), its catalogue, or nothing. */
async function seedNew(database: Database, config: Config, log: (line: string) => void) {
  if (config.SEED === 'none') {
    log('Base neuve sans données de démonstration (SEED=none) : la boutique est vide.');
    return;
  }
  await seedDemoShop(database.db, config.mediaDir, { log, orders: config.SEED === 'demo' });
}

/**
 * What every start does before serving: open and migrate the database, seed the demo shop only
 * when the database was just created (never because a shop happens to have no category), apply
 * ADMIN_EMAIL, and warn when an embedded database serves production.
 */
export async function prepareDatabase(config: Config, options: PrepareOptions = {}): Promise<Database> {
  const log = options.log ?? ((line: string) => console.info(`[souk] ${line}`));
  const warn = options.warn ?? ((line: string) => console.warn(`[souk] ${line}`));
  const seed = options.seed ?? ((database: Database) => seedNew(database, config, log));
  if (existsSync(path.join(config.dataDir, LEGACY_RESTORE_MARKER)))
    throw new Error(restoreInterrupted(config.dataDir));
  const database = await openConfiguredDatabase(config);
  try {
    // Several processes starting at once on one PostgreSQL: one migrates and seeds, the others
    // then find it done (a second seed would duplicate the demo shop).
    await database.exclusive(() => prepareData(database, config, { log, warn, seed }));
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function prepareData(
  database: Database,
  config: Config,
  { log, warn, seed }: Required<PrepareOptions>,
): Promise<void> {
  const { created } = await database.migrate();
  await runDataMigrations(database.db, { country: config.shopLocale.country, log: warn });
  if (created) await seed(database);
  // Orders placed before tracking links, or every order when the key changed (ADR 0040).
  const tracked = await syncTrackingLinks(
    database.db,
    orderTracking(cookieSecret(config.COOKIE_SECRET, config.dataDir), config.publicUrl),
  );
  if (tracked) log(`Liens de suivi enregistrés pour ${tracked} commande(s).`);
  if (!config.DATABASE_URL && config.NODE_ENV === 'production') warn(PGLITE_PRODUCTION_WARNING);
  const admin = await bootstrapAdmin(database.db, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (admin?.outcome === 'created' && admin.password) {
    log(
      `Compte administrateur créé : ${admin.email} / ${admin.password} (affiché une seule fois, changez-le).`,
    );
  }
  if (admin?.outcome === 'refused') {
    warn(
      `ADMIN_EMAIL ${admin.email} appartient à un compte client : il n'est pas promu administrateur. ` +
        "Choisissez une adresse qu'aucun client n'utilise.",
    );
  }
}
