import { GRAPH_API_BASE, apiFetch, isRecord, readJson, setBearerToken, setPendingToken } from './api-client';
import { logger } from './logger';

/**
 * Page load without a valid login cookie asks for an anonymous visitor token (spec section 4) and keeps
 * it in memory for GraphQL calls. A failure only logs a warning (spec section 8).
 */
export function requestGenericToken(): Promise<void> {
  const request = (async () => {
    try {
      const response = await apiFetch(`${GRAPH_API_BASE}/api/auth/token/generic`, {
        method: 'POST',
        withToken: false,
      });
      const body = await readJson(response);
      if (!response.ok || !isRecord(body) || typeof body.token !== 'string') {
        throw new Error(`Generic token request failed with status ${response.status}`);
      }
      setBearerToken(body.token);
    } catch (error) {
      logger.warn('Could not get a visitor token', error);
    }
  })();
  setPendingToken(request);
  return request;
}
