import type { Page } from '@playwright/test';
import enShell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import { brandUrl, expect, test } from './fixtures';

/** The name every member made here goes by: the member menu's button reads it. */
export const MEMBER_NAME = 'Library Member';
const PASSWORD = 'e2e-Strong-pass-2026';
const GRAPHQL = '/membergraphapi/graphql';

let made = 0;

/**
 * A new member of its own for one test, so that parallel workers never share a library: signs up for
 * Premium (every media type) through the sign-up API with the sandbox's test card, from the brand's
 * sign-in page (same origin; paying signs this browser in, as the hosted payment page does), then
 * opens the home page. The sign-up screens themselves are billing.spec's.
 */
export async function signUpMember(page: Page, slug = 'streamhub'): Promise<void> {
  made += 1;
  const email = `library-${String(test.info().workerIndex)}-${String(Date.now())}-${String(made)}@example.com`;
  await page.goto(brandUrl(slug, '/login'));
  const outcome = await page.evaluate(
    async ({ email: address, password, name }) => {
      const json = { 'content-type': 'application/json' };
      const tokenAnswer = await fetch('/membergraphapi/api/auth/token/generic', { method: 'POST' });
      const { token } = (await tokenAnswer.json()) as { token: string };
      const visitor = { ...json, authorization: `Bearer ${token}` };
      const plansAnswer = await fetch('/membergraphapi/graphql', {
        method: 'POST',
        headers: visitor,
        body: JSON.stringify({ query: '{ plan { getPlans { id name } } }' }),
      });
      const plans = (await plansAnswer.json()) as {
        data: { plan: { getPlans: { id: number; name: string }[] } };
      };
      const premium = plans.data.plan.getPlans.find((plan) => plan.name === 'Premium');
      if (!premium) return { error: 'no Premium plan' };
      const signup = await fetch('/subscriptionflow/v1/signup', {
        method: 'POST',
        headers: visitor,
        body: JSON.stringify({ planId: premium.id, email: address, password, name }),
      });
      const started = (await signup.json()) as { url?: string };
      if (!signup.ok || !started.url) return { error: `sign-up answered ${String(signup.status)}` };
      // The hosted payment page's form, posted as the browser would; its answer redirects to the receipt.
      const paid = await fetch(started.url, {
        method: 'POST',
        body: new URLSearchParams({
          cardnumber: '4242 4242 4242 4242',
          expiry: '12/34',
          cvc: '123',
          name,
        }),
        redirect: 'manual',
      });
      return { paid: paid.type };
    },
    { email, password: PASSWORD, name: MEMBER_NAME },
  );
  expect(outcome).toEqual({ paid: 'opaqueredirect' });
  await page.goto(brandUrl(slug, '/'));
  await expect(
    page.getByRole('heading', { level: 1, name: enShell.home.welcome.replace('{name}', MEMBER_NAME) }),
  ).toBeVisible({ timeout: 30_000 });
}

/**
 * A GraphQL call as the signed-in member, made from the page (same origin, its cookie), for lookups in
 * the catalogue and the rare seeding a journey cannot do itself. The page must be on the brand's site.
 */
export async function memberGraphql<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const body = await page.evaluate(
    async ({ url, payload }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await response.json()) as unknown;
    },
    { url: GRAPHQL, payload: { query, variables } },
  );
  const result = body as { data: T; errors?: unknown[] };
  expect(result.errors).toBeUndefined();
  return result.data;
}

/** Replaces the `{placeholders}` of a locale text. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
