import { GRAPH_API_BASE, apiFetch, isRecord, readJson } from '../../../lib/api-client';

/** A refused recovery request, with the server's stable code (e.g. `too_many_attempts`). */
export class RecoveryError extends Error {
  override readonly name = 'RecoveryError';
  constructor(readonly code: string) {
    super(code);
  }
}

async function post(path: string, json: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await apiFetch(`${GRAPH_API_BASE}/api/auth/${path}`, { method: 'POST', json });
  } catch {
    throw new RecoveryError('generic');
  }
  const body = await readJson(response);
  if (response.ok) return body;
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  throw new RecoveryError(typeof error.code === 'string' ? error.code : 'generic');
}

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await post('forgot-password', { email });
}

export async function resetPassword(input: {
  key: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<void> {
  await post('reset-password', input);
}

/**
 * Whether a reset link's key still works (issue 14 item 9): `invalid` for a used, expired or unknown
 * one, `unknown` when the server could not say (offline, rate limited): the form then lets the reset
 * itself answer.
 */
export async function checkResetKey(key: string): Promise<'valid' | 'invalid' | 'unknown'> {
  try {
    await post('reset-password/check', { key });
    return 'valid';
  } catch (error) {
    return error instanceof RecoveryError && error.code === 'invalid_or_expired_key' ? 'invalid' : 'unknown';
  }
}

/** The masked addresses (`j***@e***.com`) of accounts holding a card with these digits. */
export async function findEmailByCard(first6: string, last4: string): Promise<string[]> {
  const body = await post('forgot-email', { first6, last4 });
  if (!isRecord(body) || !Array.isArray(body.maskedEmails)) throw new RecoveryError('generic');
  return body.maskedEmails.filter((item): item is string => typeof item === 'string');
}
