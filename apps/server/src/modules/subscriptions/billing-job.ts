import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../../config';
import type { Services } from '../../services';

/**
 * Runs the renewal and purge job every BILLING_JOB_INTERVAL_SECONDS on this server. Any number of
 * servers may run it at once: each due row is leased with a conditional UPDATE and charged with an
 * idempotency key, so a subscription is charged once per period.
 */
export function scheduleBillingJob(app: FastifyInstance, services: Services, config: AppConfig) {
  const seconds = config.payments.jobIntervalSeconds;
  if (seconds === 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const counts = await services.subscriptions.runBillingJob();
      if (Object.values(counts).some((count) => count > 0)) app.log.info({ billing: counts }, 'billing job');
    } catch (error) {
      app.log.error({ err: error }, 'billing job failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', (done) => {
    timer = setInterval(() => void tick(), seconds * 1000);
    timer.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    if (timer) clearInterval(timer);
    done();
  });
}
