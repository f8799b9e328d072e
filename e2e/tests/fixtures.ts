import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test as base } from '@playwright/test';

import { E2E_PORT } from '../playwright.config';

export const DEMO_PASSWORD = 'demo-pass-2026';

export function brandUrl(slug: string, path = '/'): string {
  return `http://${slug}.localhost:${E2E_PORT}${path}`;
}

/** Fails on serious or critical accessibility violations of the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  slug = 'streamhub',
): Promise<void> {
  await page.goto(brandUrl(slug, '/login'));
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

export const test = base;
export { expect };
