/**
 * One place for the web app's logs. Errors also go to the error reporter (Sentry) once it has loaded;
 * the same error object is reported only once even when several layers log it (for example a chunk
 * failure seen by both Vite's preload event and the route's error page).
 */
export type ErrorReporter = (error: unknown, context: Record<string, unknown>) => void;

let reporter: ErrorReporter | null = null;
const reported = new WeakSet<object>();

export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next;
}

export const logger = {
  error(message: string, error?: unknown, context: Record<string, unknown> = {}): void {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    console.error(message, error);
    reporter?.(error ?? new Error(message), { message, ...context });
  },
  warn(message: string, detail?: unknown): void {
    if (detail === undefined) console.warn(message);
    else console.warn(message, detail);
  },
};
