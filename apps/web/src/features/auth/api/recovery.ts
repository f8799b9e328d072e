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

/** The masked addresses (`j***@e***.com`) of accounts holding a card with these digits. */
export async function findEmailByCard(first6: string, last4: string): Promise<string[]> {
  const body = await post('forgot-email', { first6, last4 });
  if (!isRecord(body) || !Array.isArray(body.maskedEmails)) throw new RecoveryError('generic');
  return body.maskedEmails.filter((item): item is string => typeof item === 'string');
}
