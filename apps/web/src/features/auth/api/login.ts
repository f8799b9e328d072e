import { chooseLocale, type MemberClaims } from '@member/domain';
import { redirect, type ActionFunctionArgs } from 'react-router';
import { GRAPH_API_BASE, apiFetch, isRecord, readJson, setBearerToken } from '../../../lib/api-client';
import type { I18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { isMemberClaims } from '../../../lib/member-claims';
import { safeNextPath } from '../../../lib/safe-navigation';
import type { SessionStore } from '../../../lib/session';

export type LoginErrorCode =
  'invalid_credentials' | 'too_many_attempts' | 'account_deactivated' | 'invalid_input' | 'failed';

export type LoginResult = { ok: true; member: MemberClaims } | { ok: false; code: LoginErrorCode };

function errorCodeOf(body: unknown): string | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  return typeof body.error.code === 'string' ? body.error.code : null;
}

/** POST /api/auth/login; the server sets the login cookie and answers with the member's claims. */
export async function login(email: string, password: string): Promise<LoginResult> {
  let response: Response;
  try {
    response = await apiFetch(`${GRAPH_API_BASE}/api/auth/login`, {
      method: 'POST',
      json: { email, password },
      withToken: false,
    });
  } catch (error) {
    logger.warn('Login request failed', error);
    return { ok: false, code: 'failed' };
  }
  const body = await readJson(response);
  if (response.ok && isRecord(body) && isMemberClaims(body.member)) return { ok: true, member: body.member };
  const code = errorCodeOf(body);
  if (response.status === 401 || code === 'invalid_credentials')
    return { ok: false, code: 'invalid_credentials' };
  if (response.status === 429 || code === 'too_many_attempts')
    return { ok: false, code: 'too_many_attempts' };
  if (code === 'account_deactivated') return { ok: false, code: 'account_deactivated' };
  if (response.status === 400 || code === 'invalid_input') return { ok: false, code: 'invalid_input' };
  logger.warn(`Login failed with status ${response.status}`);
  return { ok: false, code: 'failed' };
}

export interface LoginActionData {
  error: LoginErrorCode;
  email: string;
}

/**
 * The sign-in form's route action: on success the member joins the session, the interface switches
 * to their language, and the browser goes to `next` when it is a same-origin path, else home.
 */
export function createLoginAction(deps: { session: SessionStore; i18n: I18nStore }) {
  return async ({ request }: ActionFunctionArgs): Promise<LoginActionData | Response> => {
    const form = await request.formData();
    const email = form.get('email');
    const password = form.get('password');
    if (typeof email !== 'string' || typeof password !== 'string' || !email.trim() || !password) {
      return { error: 'invalid_input', email: typeof email === 'string' ? email : '' };
    }
    const result = await login(email.trim(), password);
    if (!result.ok) return { error: result.code, email };
    const { brand } = deps.session.getSnapshot();
    await deps.i18n
      .setLocale(chooseLocale(result.member.language, brand.languages))
      .catch((error: unknown) => {
        logger.warn('Could not load the member language', error);
      });
    // The httpOnly cookie now authenticates every request; the visitor token is no longer needed.
    setBearerToken(null);
    deps.session.setMember(result.member);
    return redirect(safeNextPath(new URL(request.url).searchParams.get('next')));
  };
}
