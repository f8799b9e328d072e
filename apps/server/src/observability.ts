import type { IncomingHttpHeaders } from 'node:http';

import { type LoggerOptions, stdSerializers } from 'pino';

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

export const REDACTED = '[redacted]';

/** Query parameters whose value is a credential, wherever they appear. */
const SECRET_PARAMETERS =
  'token|access_token|refresh_token|id_token|jwt|key|reset_key|sig|signature|secret|client_secret|password|code|session_id';

/**
 * Secrets that travel in URLs, found anywhere in a text: the signature of a signed media URL
 * (`/media/s/<expires>/<depth>/<signature>/…`), the key of a reset link (`/reset-password/<key>`), a
 * credential in a query parameter, and a JWT (login token, generic token).
 */
const SECRETS_IN_TEXT: readonly [RegExp, string][] = [
  [/(\/media\/s\/[^/\s?#]*\/[^/\s?#]*\/)[^/\s?#"']+/g, `$1${REDACTED}`],
  [/(\/reset-password\/)[^/\s?#"']+/g, `$1${REDACTED}`],
  [new RegExp(`([?&](?:${SECRET_PARAMETERS})=)[^&\\s#"']+`, 'gi'), `$1${REDACTED}`],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]+/g, REDACTED],
];

/** A URL or message with the secrets it may carry replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  return SECRETS_IN_TEXT.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, replacement),
    text,
  );
}

/** Fields whose value is a secret, at the top of a logged object or one or two levels down. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'key',
  'secret',
  'cardNumber',
  'card_number',
  'cvc',
  'cvv',
];

interface LoggedRequest {
  method: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host: string;
  ip: string;
  socket?: { remotePort?: number };
}

/**
 * The server's pino options (decision 020): logs never carry secrets. Requests are logged as Fastify
 * logs them but with the URL's secrets redacted (signed media URLs, reset keys, tokens in the query);
 * error messages and stacks likewise; and fields named like credentials, cookies, authorization
 * headers and card data are replaced wherever a log line includes them.
 */
const SECRET_FIELD_NAMES = new Set(SECRET_FIELDS);
/** Logged under these keys, an object goes through a serializer that keeps only safe fields of it. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

/**
 * `value` with every field named in SECRET_FIELDS at this depth or up to two below the top replaced by
 * `[redacted]` (what pino's paths `field`, `*.field` and `*.*.field` did), copied only where something
 * is replaced: the caller's objects are never changed. Binary data is not walked.
 */
function redactFields<T>(value: T, depth: number): T {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(source)) {
    const item = source[key];
    let next = item;
    if (SECRET_FIELD_NAMES.has(key)) next = REDACTED;
    else if (depth < 2 && !(depth === 0 && SERIALIZED_KEYS.has(key))) next = redactFields(item, depth + 1);
    if (next !== item) {
      copy ??= Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...source };
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}

export function loggerOptions(config: Pick<AppConfig, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    // Secret fields are replaced by one walk of each logged object (decision 039): pino's wildcard
    // redaction paths (`*.field`, `*.*.field` for twelve fields) cost about 25 µs per request, more
    // than the rest of its logging. The request and reply serializers keep only safe fields anyway;
    // these exact paths stay as a second lock.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
    formatters: {
      log: (object) => redactFields(object, 0),
      bindings: (bindings) => redactFields(bindings, 0),
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: typeof request.url === 'string' ? redactSecrets(request.url) : request.url,
        version: request.headers?.['accept-version'],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => {
        const serialized = stdSerializers.err(error);
        // Its fields are one level below the top of the line, as `*.field` counted them.
        return redactFields(
          {
            ...serialized,
            message: redactSecrets(serialized.message),
            stack: redactSecrets(serialized.stack),
          },
          1,
        );
      },
    },
  };
}

/** A span attribute's value (OpenTelemetry's primitive kinds). */
export type SpanAttributeValue = string | number | boolean;

/**
 * Span attributes under the same rule as logs (decision 020, 034): an attribute named like a credential
 * (`…password`, `…token`, `http.request.header.authorization`, …) is left out, and every text value has
 * the secrets URLs and messages carry (signatures, reset keys, tokens, JWTs) replaced.
 */
export function redactAttributes(
  attributes: Record<string, SpanAttributeValue | undefined>,
): Record<string, SpanAttributeValue> {
  const secret = new RegExp(`(^|[._])(${SECRET_FIELDS.join('|')})$`, 'i');
  const kept: Record<string, SpanAttributeValue> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || secret.test(name)) continue;
    kept[name] = typeof value === 'string' ? redactSecrets(value) : value;
  }
  return kept;
}
