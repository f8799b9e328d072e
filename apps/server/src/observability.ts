import type { AppConfig } from './config';

export interface ErrorReporter {
  capture: (error: unknown) => void;
  flush: () => Promise<void>;
}

const noop: ErrorReporter = { capture: () => undefined, flush: () => Promise.resolve() };

/**
 * Error reporting through Sentry, off unless SENTRY_DSN is set; the SDK is imported only then, so a
 * server without it loads none of it. Traces are sampled at 5% (spec section 7).
 */
export async function createErrorReporter(config: AppConfig): Promise<ErrorReporter> {
  const dsn = config.sentry.serverDsn;
  if (!dsn) return noop;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    environment: config.env,
    release: config.release,
    tracesSampleRate: config.sentry.tracesSampleRate,
  });
  return {
    capture: (error) => {
      Sentry.captureException(error);
    },
    flush: async () => {
      await Sentry.flush(2_000);
    },
  };
}
