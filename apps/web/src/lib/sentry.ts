import type { BootData } from '@member/domain';
import { logger, setErrorReporter } from './logger';

/**
 * Error reporting is off unless the server configured a DSN; only then is the SDK downloaded (a
 * dynamic import keeps it out of the pages' JavaScript). Traces are sampled as the boot data says (5%).
 */
export async function startErrorReporting(boot: Pick<BootData, 'sentry' | 'release'>): Promise<void> {
  const config = boot.sentry;
  if (!config) return;
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn: config.dsn,
      environment: config.environment,
      release: boot.release,
      tracesSampleRate: config.tracesSampleRate,
      integrations: [Sentry.browserTracingIntegration()],
    });
    setErrorReporter((error, context) => {
      Sentry.captureException(error, { extra: context });
    });
  } catch (error) {
    logger.warn('Error reporting could not start', error);
  }
}
