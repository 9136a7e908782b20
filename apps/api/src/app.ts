import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { setShopLocale } from '@souk/domain/shop-locale';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { adminShellRoutes } from './modules/admin/admin.routes.ts';
import { backOfficeEvents } from './modules/admin/back-office-events.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authJobHandlers } from './modules/auth/auth.service.ts';
import { adminBackupRoutes } from './modules/backup/backup.routes.ts';
import { removeStaleSpools } from './modules/backup/backup-archive.ts';
import { adminBannersRoutes } from './modules/banners/admin-banners.routes.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { adminBulkRoutes } from './modules/catalog/admin-bulk.routes.ts';
import { adminCategoriesRoutes } from './modules/catalog/admin-categories.routes.ts';
import { adminMediaRoutes } from './modules/catalog/admin-media.routes.ts';
import { adminProductsRoutes } from './modules/catalog/admin-products.routes.ts';
import { adminVariantsRoutes } from './modules/catalog/admin-variants.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { conversionKey, VIDEO_JOB, videoJobs } from './modules/catalog/video-jobs.ts';
import { adminCustomersRoutes } from './modules/customers/customers.routes.ts';
import { adminDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { housekeepingJobs } from './modules/housekeeping/housekeeping.service.ts';
import { createJobRunner, type JobRunner } from './modules/jobs/job-runner.ts';
import { mailJobHandlers } from './modules/mail/mail-jobs.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { serveMedia } from './modules/media/media-serving.ts';
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes.ts';
import { orderJobHandlers, orderRecurringJobs } from './modules/orders/order-jobs.ts';
import { settlePayment } from './modules/orders/order-payments.ts';
import { orderTracking } from './modules/orders/order-tracking.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { findCorrespondent } from './modules/orders/orders.service.ts';
import { paymentJobHandlers, paymentRecurringJobs } from './modules/payments/payment-jobs.ts';
import { paymentWebhookRoutes } from './modules/payments/payment-webhooks.routes.ts';
import { paymentClients } from './modules/payments/payments.service.ts';
import { suggestionsRoutes } from './modules/suggestions/suggestions.routes.ts';
import { whatsappJobHandlers } from './modules/whatsapp/whatsapp.service.ts';
import { whatsappWebhookRoutes } from './modules/whatsapp/whatsapp-webhook.routes.ts';
import { authPlugin, requireAdmin } from './plugins/auth.ts';
import { cacheHeadersPlugin } from './plugins/cache-headers.ts';
import { followCatalogChanges } from './plugins/catalog-changes.ts';
import { cookieSecret } from './plugins/cookie-secret.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerDrain } from './plugins/drain.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { guestSessionPlugin } from './plugins/guest-session.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import {
  type AttemptLimitsOverride,
  DEFAULT_AUTH_RATE_LIMITS,
  ORDER_RATE_LIMITS,
  rateLimitPlugin,
  withOverride,
} from './plugins/rate-limit.ts';
import { connectRedis } from './plugins/rate-limit-stores.ts';
import { ResponseCache, responseCachePlugin } from './plugins/response-cache.ts';
import { apiFallback, recordRouteTable } from './plugins/route-table.ts';
import { textGuardPlugin } from './plugins/text-guard.ts';
import type { ModuleDeps, RouteModule } from './shared/module.ts';
import { ADMIN_PATH, API_PREFIX } from './shared/route.ts';

export type ApiDeps = {
  config: Config;
  database: Database;
  /** false: no log; a stream: the log goes there (tests read it); by default stdout. */
  logger?: false | { write(line: string): void };
  /** Login, registration, password and profile attempt limits; by default AUTH_RATE_LIMIT_* (config). */
  authRateLimits?: AttemptLimitsOverride;
  /** Order attempts (guests and customers): tests that place many orders from one address lift them. */
  orderRateLimits?: AttemptLimitsOverride;
  /** Prefix of the rate-limit keys in Redis (REDIS_URL): tests keep their runs apart with it. */
  rateLimitKeyPrefix?: string;
  /**
   * The jobs (docs/decisions/0034). By default each process queues the recurring ones and looks for
   * due work every second; tests pass `poll: false` and run `app.jobs.runDue()` when they want the
   * work done, `schedule: false` unless they test a recurring job, and may shorten the retries.
   */
  jobs?: { poll?: boolean; schedule?: boolean; retryDelay?: (attempt: number) => number };
  /** Defaults to SMTP (SMTP_URL) or .eml files under DATA_DIR/mail. */
  mailer?: Mailer;
  /** Largest video upload; VIDEO_MAX_BYTES (50 MB) unless a test lowers it. */
  videoMaxBytes?: number;
  /** Bytes the response cache may hold; RESPONSE_CACHE_MB (config) unless a test lowers it. */
  responseCacheBytes?: number;
};

// Changes are announced (migration 0013); the time bound only retires what nobody asks for, and
// what no change announces (the order of the 'popular' suggestions follows the sales).
const RESPONSE_CACHE_TTL_MS = 10 * 60 * 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CATALOG_WRITERS = [`${API_PREFIX}${ADMIN_PATH}/`, `${API_PREFIX}/orders`];

const INVALID_URL = 'Adresse de requête invalide';

/**
 * The request as logged: a token in a query string (a reset link, Meta's webhook verification)
 * never reaches the log, nor a tracking link's token, nor a customer's number or e-mail carried to
 * the login page ('Se connecter avec ce numéro').
 */
export const redactUrl = (url: string) =>
  url
    .replace(/([?&](?:token|session_id|identifier|hub\.verify_token)=)[^&#]*/gi, '$1[masqué]')
    // An order's tracking link is a bearer secret (docs/decisions/0040): its token is never logged.
    .replace(/(\/(?:suivi|api\/tracking)\/)[^/?#]+/g, '$1[masqué]');
const logRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
});

// zod's own messages (a body that is not an object, a field of the wrong type) in French, like ours.
z.config(z.locales.fr());

/** Builds the API (routes under /api, media under /media) without listening: tests call `inject`. */
export async function buildApi({
  config,
  database,
  logger,
  authRateLimits,
  orderRateLimits,
  rateLimitKeyPrefix,
  mailer,
  ...deps
}: ApiDeps): Promise<FastifyInstance> {
  // The shop's country and time zone, for every number read and date written in this process
  // (the pages rendered by the same process included: they share the domain module).
  setShopLocale(config.shopLocale);
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: { req: logRequest },
            ...(logger ? { stream: logger } : {}),
          },
    // X-Forwarded-For names the client only when it comes from a proxy TRUST_PROXY trusts (ADR 0012).
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Closing (a SIGTERM, a rolling restart): a request that still reaches this process on a
    // connection it already had is served, with `Connection: close`, rather than refused with a
    // 503 a proxy would not resend if it is a POST (docs/decisions/0033).
    return503OnClosing: false,
    // A URL Fastify cannot even route ('%E9', '%%') gets the envelope too, not Fastify's own body.
    frameworkErrors: (_error, request, reply) => {
      const res = (reply as FastifyReply).status(400);
      if (request.url.startsWith('/api')) return res.send({ success: false, message: INVALID_URL });
      return (
        res
          .type('text/html; charset=utf-8')
          // A page with no script nor style of its own: nothing may run in it.
          .header('Content-Security-Policy', "default-src 'none'")
          .send(`<!doctype html><html lang="fr"><meta charset="utf-8">
<title>${INVALID_URL}</title><h1>${INVALID_URL}</h1><p><a href="/">Retour à la boutique</a></p></html>`)
      );
    },
  });
  // Rate-limit counters shared by every server process (REDIS_URL); closed with the app.
  const redis = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, (error) => app.log.error(`Redis : ${error.message}`))
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  // A stop that never closes a connection a proxy may be sending on (plugins/drain.ts).
  const { stopping, whenStopping } = registerDrain(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  recordRouteTable(app);

  // Public catalogue reads answered from memory to anonymous callers, dropped as the database
  // announces what changed, whichever process changed it (docs/decisions/0023).
  const responseCache = new ResponseCache({
    maxBytes: deps.responseCacheBytes ?? config.RESPONSE_CACHE_MB * 1024 * 1024,
    ttlMs: RESPONSE_CACHE_TTL_MS,
  });
  const catalogChanges = await followCatalogChanges(database, {
    changed: (tag) => responseCache.invalidate(tag),
    forgetAll: () => responseCache.invalidateAll(),
    lost: (error) => {
      app.log.warn(`Changements du catalogue inaudibles, cache suspendu : ${error.message}`);
      responseCache.suspend();
    },
    resumed: () => {
      app.log.info('Changements du catalogue entendus de nouveau, cache repris');
      responseCache.resume();
    },
  });
  app.addHook('onClose', async () => {
    try {
      await catalogChanges.stop();
    } catch {
      // the database may already be closed by its owner
    }
  });
  // Before compression: the cache keeps the serialised answer and its compressed forms itself.
  await app.register(responseCachePlugin, { cache: responseCache });

  // Slow mobile networks: HTML, JSON, JS and CSS go out compressed (brotli at a cheap level, or gzip).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(helmet, {
    // The pages' CSP carries a per-request nonce, or the hashes of a kept page's scripts, so it is
    // set where they are rendered (apps/web/app/entry.server.tsx, docs/decisions/0004); JSON
    // answers need none.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Not 'no-referrer': with it Chrome sends `Origin: null` on a same-site form POST, which React
    // Router's CSRF check refuses (400), so forms would not work before or without JavaScript.
    referrerPolicy: { policy: 'same-origin' },
  });
  await registerDocs(app);

  await serveMedia(app, config.mediaDir);

  const { db } = database;
  const log = (line: string) => app.log.info(line);
  const warn = (line: string) => app.log.warn(line);
  const mail =
    mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      mailDir: path.join(config.dataDir, 'mail'),
      log,
    });
  // Work after the answer that must survive a crash or a mail server down: rows of `jobs`, taken
  // by lease (docs/decisions/0034). Recurring ones are queued at start and run once for all the
  // shop's processes. Let go of before onClose, while the database is still open.
  // Every order's tracking link, in answers and messages alike (ADR 0040).
  const tracking = orderTracking(cookieSecret(config.COOKIE_SECRET, config.dataDir), config.publicUrl);
  const orderJobs = {
    publicUrl: config.publicUrl,
    notifyEmails: config.orderNotifyEmails,
    shopContact: config.shopContact,
    tracking,
    whatsapp: config.whatsapp,
    unpaidReminderBeforeMs: config.unpaidReminderBeforeMs,
  };
  // The payment providers configured (none: payments by hand only, as before), and what their
  // outcomes do to orders (docs/decisions/0043).
  const payments = paymentClients(config.payments, config.publicUrl);
  const orderContext = { shop: config.shopContact, tracking, whatsapp: config.whatsapp, payments };
  const paymentJobs = {
    clients: payments,
    settle: (jobDb: Database['db'], paymentId: number, outcome: Parameters<typeof settlePayment>[3]) =>
      settlePayment(jobDb, orderContext, paymentId, outcome),
  };
  const videos = videoJobs({
    mediaDir: config.mediaDir,
    sourceDir: config.videoSourceDir,
    tmpDir: config.tmpDir,
    tools: config.videoTools,
    log,
  });
  const jobs = createJobRunner({
    db,
    log,
    warn,
    retryDelay: deps.jobs?.retryDelay,
    handlers: {
      ...mailJobHandlers(mail),
      ...authJobHandlers({ db, mailer: mail, log, publicUrl: config.publicUrl }),
      ...orderJobHandlers(orderJobs),
      ...whatsappJobHandlers(config.whatsapp, findCorrespondent),
      ...paymentJobHandlers(paymentJobs),
      ...housekeepingJobs.handlers,
      // Uploaded videos, converted after the answer (docs/decisions/0016) in their own lane.
      [VIDEO_JOB]: videos.kind,
    },
    recurring: [
      ...housekeepingJobs.recurring,
      ...orderRecurringJobs(orderJobs),
      ...paymentRecurringJobs(paymentJobs),
    ],
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    await videos.start(db);
    if (deps.jobs?.schedule !== false) await jobs.schedule();
    if (deps.jobs?.poll !== false) jobs.startPolling();
  });
  app.addHook('preClose', () => jobs.close());
  // What a crash left of a backup's or a restore's copy of the database (modules/backup).
  app.addHook('onReady', () => removeStaleSpools(config.tmpDir));
  // What an open back office hears, from every process (docs/decisions/0042). Its streams end as
  // the stop begins (the drain): a stop waits for no open page, which reconnects to another process.
  const backOffice = backOfficeEvents(database, warn);
  // From the start, so that a page loaded from now on learns whether it missed a change; a
  // database that cannot be listened to now is asked again by the first page.
  app.addHook('onReady', async () => {
    await backOffice
      .listen()
      .catch((error: Error) => warn(`Changements de l'administration inaudibles : ${error.message}`));
  });
  whenStopping(() => backOffice.endAll());
  app.addHook('onClose', async () => {
    try {
      await backOffice.stop();
    } catch {
      // the database may already be closed by its owner
    }
  });
  const moduleDeps: ModuleDeps = {
    db,
    config,
    backOffice,
    videos: { cancel: (mediaId) => jobs.abort(conversionKey(mediaId)) },
    log,
    mailer: mail,
    tracking,
    payments,
    cacheStats: () => responseCache.stats(),
    stopping,
    rateLimits: {
      auth: withOverride(DEFAULT_AUTH_RATE_LIMITS, authRateLimits ?? config.authRateLimits),
      orders: withOverride(ORDER_RATE_LIMITS, orderRateLimits ?? config.orderRateLimits),
    },
  };
  const modules: RouteModule[] = [
    healthRoutes,
    catalogRoutes,
    bannersRoutes,
    authRoutes,
    cartRoutes,
    ordersRoutes,
    suggestionsRoutes,
  ];
  const adminModules: RouteModule[] = [
    adminShellRoutes,
    adminCategoriesRoutes,
    adminProductsRoutes,
    adminBulkRoutes,
    adminVariantsRoutes,
    adminMediaRoutes,
    adminOrdersRoutes,
    adminCustomersRoutes,
    adminBannersRoutes,
    adminDashboardRoutes,
    adminBackupRoutes,
  ];
  await app.register(
    async (api) => {
      await api.register(authPlugin, { db, config });
      await api.register(guestSessionPlugin);
      await api.register(cacheHeadersPlugin);
      await api.register(rateLimitPlugin, { redis, keyPrefix: rateLimitKeyPrefix });
      await api.register(textGuardPlugin);
      // A write that can change what customers see (the back office's; an order's stock) answers
      // once this process's caches have heard of its changes, so the writer's next read shows
      // them; other processes hear within the time NOTIFY takes. Not every write: carts and
      // accounts change no catalogue, and a NOTIFY per write would take PostgreSQL's notify lock
      // at every commit of a rush.
      // A callback hook: reads, a rush's cached answers among them, pass without a promise.
      api.addHook('onSend', (request, _reply, payload, done) => {
        if (SAFE_METHODS.has(request.method) || !CATALOG_WRITERS.some((p) => request.url.startsWith(p)))
          return done(null, payload);
        catalogChanges.sync().then(() => done(null, payload), done);
      });
      for (const module of modules) await api.register(module(moduleDeps));
      // Meta's notifications, when the shop has the Cloud API (its own body parser: the raw bytes).
      if (config.whatsapp) await api.register(whatsappWebhookRoutes(db, config.whatsapp));
      // The payment providers' notifications, for those configured (their own parser: the raw bytes).
      if (config.payments.offered.length) await api.register(paymentWebhookRoutes(db, config.payments));
      // The back office: every /api/admin route sits in this one scope, behind its one hook, so a
      // route added later cannot be left open. Only here are multipart forms (uploads) read.
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', requireAdmin);
          await admin.register(multipartPlugin, {
            tmpDir: config.tmpDir,
            ...(deps.videoMaxBytes ? { videoMaxBytes: deps.videoMaxBytes } : {}),
          });
          for (const module of adminModules) await admin.register(module(moduleDeps));
        },
        { prefix: ADMIN_PATH },
      );
      apiFallback(api, API_PREFIX);
    },
    { prefix: API_PREFIX },
  );
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's jobs (modules/jobs): tests run `runDue()` to see their effects. */
    jobs: JobRunner;
  }
}
