import { apiFetch, isRecord, readJson } from '../../../lib/api-client';
import { logger } from '../../../lib/logger';

/** Spec section 9: payment-flow calls give up after 10 s. */
export const PAYMENT_CALL_TIMEOUT_MS = 10_000;

/**
 * POSTs to the payment-flow or subscription-flow host. Spec section 8: a failure (network, timeout,
 * refusal) only logs a warning and returns null; `onError` receives the server's error code, if any.
 */
export async function paymentFlowCall(
  path: string,
  body: unknown,
  onError?: (code: string | null) => void,
): Promise<Record<string, unknown> | unknown[] | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, PAYMENT_CALL_TIMEOUT_MS);
  try {
    const response = await apiFetch(path, { method: 'POST', json: body, signal: controller.signal });
    const json = await readJson(response);
    if (!response.ok) {
      const error = isRecord(json) && isRecord(json.error) ? json.error : null;
      onError?.(typeof error?.code === 'string' ? error.code : null);
      logger.warn(`Payment call ${path} failed with status ${response.status}`);
      return null;
    }
    return Array.isArray(json) || isRecord(json) ? json : null;
  } catch (error) {
    onError?.(null);
    logger.warn(`Payment call ${path} failed`, error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
