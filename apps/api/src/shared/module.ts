import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { BackOfficeEvents } from '../modules/admin/back-office-events.ts';
import type { VideoConversions } from '../modules/catalog/video-jobs.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { OrderTracking } from '../modules/orders/order-tracking.ts';
import type { PaymentClients } from '../modules/payments/payments.service.ts';
import type { AttemptLimits } from '../plugins/rate-limit.ts';
import type { CacheStats } from '../plugins/response-cache.ts';

/** What every route module may use; buildApi assembles it once (app.ts). */
export type ModuleDeps = {
  db: Db;
  config: Config;
  /** The conversions of uploaded videos, jobs of their own lane (modules/catalog/video-jobs.ts). */
  videos: VideoConversions;
  mailer: Mailer;
  /** The changes an open back office hears (modules/admin/back-office-events.ts). */
  backOffice: BackOfficeEvents;
  /** Orders' tracking links (modules/orders/order-tracking.ts). */
  tracking: OrderTracking;
  /** The payment providers configured, and the shop's currency (modules/payments). */
  payments: PaymentClients;
  log: (line: string) => void;
  rateLimits: { auth: AttemptLimits; orders: AttemptLimits };
  /** The public reads' cache, as the health answer reports it. */
  cacheStats: () => CacheStats;
  /** Whether the app is closing (a SIGTERM): it finishes what it has and takes nothing new. */
  stopping: () => boolean;
};

/** The one shape of a route module: `(deps) => plugin`, registered by buildApi. */
export type RouteModule = (deps: ModuleDeps) => (app: FastifyInstance) => Promise<void>;
