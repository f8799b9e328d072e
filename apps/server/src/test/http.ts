import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import type { Db } from '../db/database';
import { MEMBER_COOKIE, SECURE_MEMBER_COOKIE } from '../modules/auth/auth.cookies';
import { type MemberOptions, buildMember } from './factories';

export interface Caller {
  host: string;
  cookie?: string;
  token?: string;
  userAgent?: string;
}

function headers(caller: Caller): Record<string, string> {
  return {
    host: caller.host,
    ...(caller.cookie ? { cookie: caller.cookie } : {}),
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    ...(caller.userAgent ? { 'user-agent': caller.userAgent } : {}),
  };
}

/** The login cookie a response sets, as a Cookie header ready to send back: `mb-jwt` in LOCAL, `__Host-mb-jwt` elsewhere. */
export function memberCookie(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find(
    (c) => (c.name === MEMBER_COOKIE || c.name === SECURE_MEMBER_COOKIE) && c.value,
  );
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

export async function login(app: FastifyInstance, host: string, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/membergraphapi/api/auth/login',
    headers: { host },
    payload: { email, password },
  });
  return { response, cookie: memberCookie(response) };
}

export async function genericToken(app: FastifyInstance, host: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/membergraphapi/api/auth/token/generic',
    headers: { host },
  });
  return response.json<{ token: string }>().token;
}

export interface GraphQLResponse<T> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions: { code: string; slug?: string } }[];
  response: LightMyRequestResponse;
}

export async function graphql<T>(
  app: FastifyInstance,
  caller: Caller,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResponse<T>> {
  const response = await app.inject({
    method: 'POST',
    url: '/membergraphapi/graphql',
    headers: { ...headers(caller), 'content-type': 'application/json' },
    payload: { query, variables },
  });
  const body = response.json<{ data?: T | null; errors?: GraphQLResponse<T>['errors'] }>();
  return {
    status: response.statusCode,
    data: body.data ?? null,
    ...(body.errors ? { errors: body.errors } : {}),
    response,
  };
}

/**
 * A new member of the brand, signed in: their row (`buildMember`) and the caller that carries their
 * login cookie. Fails loudly when the sign-in does, so a test never runs as an anonymous caller.
 */
export async function signInNewMember(
  t: { app: FastifyInstance; db: Db },
  brand: { id: number; hostname: string },
  options?: MemberOptions,
) {
  const member = await buildMember(t.db, brand.id, options);
  const { cookie } = await login(t.app, brand.hostname, member.email, member.password);
  if (!cookie) throw new Error(`signing in ${member.email} failed`);
  return { ...member, cookie, caller: { host: brand.hostname, cookie } satisfies Caller };
}
