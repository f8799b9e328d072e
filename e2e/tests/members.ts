import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Page } from '@playwright/test';

import { E2E_PORT } from '../playwright.config';
import { DEMO_PASSWORD, brandUrl, expect, test } from './fixtures';

/*
 * Members for the tests, made and signed in through the product's own HTTP API from the test process
 * (no page, no form), as the server tests' factories make rows (docs/decisions/021):
 *
 * - `createMember` signs a new member up for Premium and pays with the sandbox's test card, as a visitor
 *   would, so that a test which changes a member (its library, wallet, password, progress...) has one of
 *   its own and parallel workers never share one. Demo members are for tests that only read.
 * - `signInAs` signs a member in, for tests that are not about the sign-in form (fixtures' `signIn` is).
 *
 * Either hands the login cookie the server set to the browser context, as the browser would keep it.
 * Each member is made from its own loopback address (127.x.y.z), as each real visitor comes from theirs:
 * the server's per-address limits (20 hosted-page payments, 60 visitor tokens a minute) then count each
 * test apart, however many tests the workers run in the same minute.
 */

/** The name every member made here goes by: the member menu's button and the welcome read it. */
export const MEMBER_NAME = 'Casey Member';
/** The password of every member made here. */
export const MEMBER_PASSWORD = 'e2e-Strong-pass-2026';
const GRAPHQL = '/membergraphapi/graphql';
/** The login cookie's name on plain-http local origins (apps/server's auth.cookies.ts). */
const LOGIN_COOKIE = 'mb-jwt';
/** Every media type, and no bonus coins: the wallet starts empty. */
const PLAN = 'Premium';
const TEST_CARD = { cardnumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

export interface Member {
  email: string;
  password: string;
  /**
   * A member graph API call as this member, from the test process with the member's login cookie, for
   * lookups in the catalogue and the rare seeding a journey cannot do itself: the answer's `data`.
   */
  graphql<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export interface MemberOptions {
  /** The brand to join; streamhub by default. */
  slug?: string;
  /**
   * A test account (`…+test@` address, spec section 4): it may delete itself although it pays, as the
   * demo accounts may.
   */
  testAccount?: boolean;
  /** Sign the page's browser in as the new member (default), or leave it a visitor. */
  signIn?: boolean;
  /** The plan to sign up for; Premium by default. */
  plan?: string;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface CallOptions {
  method?: 'GET' | 'POST';
  json?: unknown;
  form?: Record<string, string>;
  /** A visitor token, sent as the bearer. */
  token?: string;
  /** A login cookie's value, sent as the browser sends the cookie. */
  login?: string;
}

let made = 0;

/** A loopback address of this worker's own for the next member (the worker's index, then a count). */
function nextAddress(): string {
  made += 1;
  return `127.${String((test.info().workerIndex % 250) + 1)}.${String(made >> 8)}.${String(made & 255)}`;
}

/** One call to the server as `<slug>.localhost`, from `address`. */
function call(slug: string, address: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const { json, form, token, login } = options;
  const body =
    json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form).toString() : undefined;
  const headers: Record<string, string> = { host: `${slug}.localhost:${String(E2E_PORT)}` };
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (token) headers.authorization = `Bearer ${token}`;
  if (login) headers.cookie = `${LOGIN_COOKIE}=${login}`;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        localAddress: address,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        path,
        headers,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The JSON body of a 200 answer (its shape is the caller's to name). */
function parsed(answer: Answer, what: string): unknown {
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBe(200);
  return JSON.parse(answer.body) as unknown;
}

/** The login cookie's value that `answer` sets. */
function loginCookieOf(answer: Answer): string {
  const value = (answer.headers['set-cookie'] ?? [])
    .map((line) => new RegExp(`^${LOGIN_COOKIE}=([^;]+)`).exec(line)?.[1])
    .find((found) => found !== undefined);
  if (!value) throw new Error(`The server set no login cookie: ${answer.body.slice(0, 300)}`);
  return value;
}

/** Gives the page's browser the login cookie, for the brand's host only, as the browser would keep it. */
async function keepLoginCookie(page: Page, slug: string, login: string): Promise<void> {
  await page
    .context()
    .addCookies([{ name: LOGIN_COOKIE, value: login, url: brandUrl(slug), httpOnly: true, sameSite: 'Lax' }]);
}

/** The member graph API as the member whose login cookie is `login`. */
function graphqlAs(slug: string, address: string, login: string): Member['graphql'] {
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const result = parsed(
      await call(slug, address, GRAPHQL, { json: { query, variables }, login }),
      'member graph API',
    ) as { data: T; errors?: unknown[] };
    expect(result.errors).toBeUndefined();
    return result.data;
  };
}

/**
 * A new member of its own for one test: signs up for Premium with the sandbox's test card through the
 * sign-up API and the hosted payment page's form, as a visitor's browser posts them (the sign-up
 * screens themselves are billing.spec's), and by default signs the page's browser in as it (paying signs
 * the payer in). The page is left where it was: the test opens what it is about.
 */
export async function createMember(page: Page, options: MemberOptions = {}): Promise<Member> {
  const slug = options.slug ?? 'streamhub';
  const address = nextAddress();
  const { workerIndex } = test.info();
  const local = `member-${String(workerIndex)}-${String(Date.now())}-${String(made)}`;
  const email = `${local}${options.testAccount ? '+test' : ''}@example.com`;

  const { token } = parsed(
    await call(slug, address, '/membergraphapi/api/auth/token/generic', { method: 'POST' }),
    'visitor token',
  ) as { token: string };
  const plans = parsed(
    await call(slug, address, GRAPHQL, { json: { query: '{ plan { getPlans { id name } } }' }, token }),
    'plans',
  ) as { data: { plan: { getPlans: { id: number; name: string }[] } } };
  const planName = options.plan ?? PLAN;
  const plan = plans.data.plan.getPlans.find((candidate) => candidate.name === planName);
  if (!plan) throw new Error(`${slug} offers no ${planName} plan`);
  const started = parsed(
    await call(slug, address, '/subscriptionflow/v1/signup', {
      json: { planId: plan.id, email, password: MEMBER_PASSWORD, name: MEMBER_NAME },
      token,
    }),
    'sign-up',
  ) as { url: string };
  // The hosted payment page's form; its answer sends the payer to the receipt, signed in.
  const checkout = new URL(started.url, brandUrl(slug));
  const paid = await call(slug, address, `${checkout.pathname}${checkout.search}`, {
    form: { ...TEST_CARD, name: MEMBER_NAME },
  });
  expect(paid.status, `payment: ${paid.body.slice(0, 300)}`).toBe(303);
  const login = loginCookieOf(paid);
  if (options.signIn ?? true) await keepLoginCookie(page, slug, login);
  return {
    email,
    password: MEMBER_PASSWORD,
    graphql: graphqlAs(slug, address, login),
  };
}

/** Signs the page's browser in as a member through the sign-in API (tests not about the sign-in form). */
export async function signInAs(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  slug = 'streamhub',
): Promise<void> {
  const answer = await call(slug, nextAddress(), '/membergraphapi/api/auth/login', {
    json: { email, password },
  });
  expect(answer.status, `sign-in of ${email}: ${answer.body.slice(0, 300)}`).toBe(200);
  await keepLoginCookie(page, slug, loginCookieOf(answer));
}

/** Replaces the `{placeholders}` of a locale text. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
