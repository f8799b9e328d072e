import { randomUUID } from 'node:crypto';

import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';

import type { AppConfig } from './config';
import type { Db } from './db/database';
import { registerGraphQL } from './graphql/plugin';
import { registerJobs } from './jobs/register';
import { liveRemindersJob } from './modules/live/reminders-job';
import { drawsJob } from './modules/sweeps/draws-job';
import { registerCompression } from './http/compression';
import { capConnections, connectionOptions } from './http/connection-limits';
import { addCrossSiteGuard } from './http/cross-site';
import { addNoStore, addSecurityHeaders } from './http/security-headers';
import { registerErrorHandler } from './http/errors';
import { registerHealth } from './http/health';
import { registerNullCharacterGuard } from './http/null-characters';
import { addRequestContextHook } from './http/request-context';
import { buildBootData } from './http/boot';
import { createDatabaseCounter, sharedRateLimitStore } from './http/rate-limit-store';
import type { RunQuery } from './http/first-screen';
import { registerSpa } from './http/spa';
import { registerWebAppRoutes } from './modules/brands/brands.web-app.routes';
import { registerAccountRoutes } from './modules/account/account.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerRecoveryRoutes } from './modules/recovery/recovery.routes';
import { registerEventRoutes } from './modules/events/events.routes';
import { registerMailRoutes } from './modules/mail/mail.routes';
import { registerMediaRoutes } from './modules/media/media.routes';
import { observeGraphQL, registerMetrics } from './modules/metrics/metrics.routes';
import { createTracing, registerTracing, traceGraphQL } from './modules/metrics/tracing';
import { createAppMetrics } from './modules/metrics/metrics.service';
import { registerVpnRoutes } from './modules/vpn/vpn.routes';
import { vpnRevocationJob } from './modules/vpn/vpn.job';
import { registerPaymentFlow } from './modules/payments/payments.routes';
import { billingJob } from './modules/subscriptions/billing-job';
import { registerSubscriptionFlow } from './modules/subscriptions/subscriptions.routes';
import { type ErrorReporter, createErrorReporter, loggerOptions } from './observability';
import { type Services, createServices } from './services';
import { type SharedStore, createSharedStore } from './shared/shared-store';

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  /** Pino options, or false for silence in tests. */
  logger?: FastifyServerOptions['logger'];
  errorReporter?: ErrorReporter;
  /** Services built beforehand on `db` and `config` (tests that give a coming payment purpose a handler). */
  services?: Services;
  /**
   * Adds routes inside the member graph API scope (same brand and caller resolution). Used by the
   * benchmarks to compare GraphQL with a plain route on equal terms.
   */
  extendApi?: (api: FastifyInstance, services: Services) => void;
  /** The store shared with other servers, made beforehand; by default made from `config.redis` and closed with the app. */
  shared?: SharedStore;
}

const TRANSACTION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the whole server without listening, so tests call it through `app.inject`. */
export async function buildApp({
  config,
  db,
  logger,
  errorReporter,
  services: prebuilt,
  extendApi,
  shared: givenShared,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Every request carries x-transaction-id (spec section 7): reuse a well-formed one, else make one.
    genReqId: (request) => {
      const header = request.headers['x-transaction-id'];
      return typeof header === 'string' && TRANSACTION_ID.test(header) ? header : randomUUID();
    },
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'transactionId' }),
    return503OnClosing: true,
    // Request, header and idle timeouts, and the connection cap (issue 12, item 13).
    ...connectionOptions(config.http),
  });
  capConnections(app, config.http);
  // Redis when REDIS_URL is set: request limits and cache invalidation shared by every server (decision 027).
  const shared =
    givenShared ??
    (await createSharedStore({
      redisUrl: config.redis.url,
      keyPrefix: config.redis.keyPrefix,
      onError: (error) => {
        app.log.warn({ err: error }, 'redis connection error');
      },
    }));
  const services = prebuilt ?? createServices(db, config, { invalidation: shared.invalidation });
  const reporter = errorReporter ?? (await createErrorReporter(config));

  registerErrorHandler(app, reporter.capture);
  registerNullCharacterGuard(app);
  // JSON only: a text/plain POST is a "simple" cross-site request that needs no preflight (CSRF).
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie);
  // Helmet's headers, the Permissions-Policy (issue 12, item 19) and x-transaction-id on every answer,
  // precomputed (decision 039). The HTML page gets its own per-brand CSP (http/spa.ts); JSON needs none.
  await addSecurityHeaders(app, { contentSecurityPolicy: false, hsts: config.env !== 'LOCAL' });
  // Counted in the database, so every server behind a load balancer shares each limit (decision 012).
  await app.register(fastifyRateLimit, {
    global: false,
    store: sharedRateLimitStore(shared.counter ?? createDatabaseCounter(db.kysely)),
  });
  // Issue 12, item 16: cross-site state changes refused (decision 014).
  addCrossSiteGuard(app);

  // OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise nothing loaded, no hook (decision 034).
  const tracing = await createTracing(config);
  registerTracing(app, tracing);
  registerHealth(app, db, config);
  // Prometheus at /metrics behind METRICS_TOKEN; without it nothing is recorded (decision 028).
  const metrics = createAppMetrics(db, config);
  registerMetrics(app, metrics, config);

  // The API's GraphQL schema, run by the pages that carry their first screen's answers (http/first-screen.ts).
  let runQuery: RunQuery | null = null;
  // The member graph API: every route resolves the brand and the caller first.
  await app.register(
    async (api) => {
      await registerCompression(api);
      addNoStore(api);
      addRequestContextHook(api, services, config);
      registerAuthRoutes(api, services, config);
      registerEventRoutes(api, services);
      await registerAccountRoutes(api, services);
      registerRecoveryRoutes(api, services, config);
      registerMailRoutes(api, services, config);
      registerVpnRoutes(api, services);
      api.get('/api/boot', async (request) => (await buildBootData(request, services, config)).data);
      await registerGraphQL(api, services, config);
      runQuery = (source, context) => api.graphql(source, context);
      observeGraphQL(api, metrics);
      traceGraphQL(api, tracing);
      extendApi?.(api, services);
    },
    { prefix: '/membergraphapi' },
  );

  // The payment-flow and subscription-flow hosts of spec section 7, same origin by default.
  await app.register(
    async (flow) => {
      await registerCompression(flow);
      addNoStore(flow);
      await registerPaymentFlow(flow, services, config);
    },
    { prefix: '/paymentflow' },
  );
  await app.register(
    async (flow) => {
      await registerCompression(flow);
      addNoStore(flow);
      await registerSubscriptionFlow(flow, services, config);
    },
    { prefix: '/subscriptionflow' },
  );
  // The scheduled jobs of every module, each on one server at a time (jobs/, decision 017).
  registerJobs(
    app,
    db,
    [
      billingJob(services.subscriptions, config.payments.jobIntervalSeconds),
      drawsJob(services.sweeps),
      vpnRevocationJob(services.vpn),
      liveRemindersJob(services.live),
    ],
    metrics?.recordJobRun,
  );
  registerMediaRoutes(app, config);
  registerWebAppRoutes(app, services);
  await registerSpa(app, services, config, (source, context) => {
    if (!runQuery) throw new Error('The member graph API is not registered');
    return runQuery(source, context);
  });
  app.addHook('onClose', async () => {
    await reporter.flush();
    if (!givenShared) await shared.close();
  });
  return app;
}
