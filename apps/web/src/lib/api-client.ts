/** Same-origin path of the member graph API (spec section 7); other environments proxy it here. */
export const GRAPH_API_BASE = '/membergraphapi';

let bearerToken: string | null = null;
let pendingToken: Promise<unknown> | null = null;

/**
 * The anonymous visitor's generic token lives in memory only. Members never need it: their httpOnly
 * login cookie (`__Host-mb-jwt`, or `mb-jwt` on plain-http development) authenticates every same-origin
 * request.
 */
export function setBearerToken(token: string | null): void {
  bearerToken = token;
}

export function getBearerToken(): string | null {
  return bearerToken;
}

/** Requests made while the generic token is being fetched wait for it rather than go out bare. */
export function setPendingToken(promise: Promise<unknown> | null): void {
  pendingToken = promise;
  void promise?.finally(() => {
    if (pendingToken === promise) pendingToken = null;
  });
}

async function waitForPendingToken(): Promise<void> {
  if (pendingToken) await pendingToken.catch(() => undefined);
}

/** A fresh id for the `x-transaction-id` header that the server logs and echoes. */
export function createTransactionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts; plain-http test hosts still need an id.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  signal?: AbortSignal;
  /** Whether to attach the visitor's bearer token; default true. */
  withToken?: boolean;
  /** Let the request finish even if the page navigates away (analytics events). */
  keepalive?: boolean;
}

/** fetch() for the same-origin APIs: transaction id, JSON body, cookies, and the visitor token. */
export async function apiFetch(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { method = 'GET', json, signal, withToken = true, keepalive = false } = options;
  if (withToken) await waitForPendingToken();
  const headers = new Headers({ 'x-transaction-id': createTransactionId(), accept: 'application/json' });
  if (json !== undefined) headers.set('content-type', 'application/json');
  if (withToken && bearerToken) headers.set('authorization', `Bearer ${bearerToken}`);
  return fetch(path, {
    method,
    headers,
    body: json === undefined ? null : JSON.stringify(json),
    credentials: 'same-origin',
    signal: signal ?? null,
    keepalive,
  });
}

/** Reads a JSON body, or null when there is none or it is not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
