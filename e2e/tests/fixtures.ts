import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page, expect, test as base } from '@playwright/test';

import { E2E_PORT } from '../playwright.config';

export const DEMO_PASSWORD = 'demo-pass-2026';

export function brandUrl(slug: string, path = '/'): string {
  return `http://${slug}.localhost:${E2E_PORT}${path}`;
}

/** The screen a route shows: the main landmark, without the shell around it (header, menus, player). */
export const screenOf = (page: Page): Locator => page.getByRole('main');

/*
 * What one axe scan may take (ms) fits what it scans: a base, a share per element, and more where the
 * page has frames (scanned frame by frame). Measured on the shared 2-core machine with six other runs
 * beside it (load 10–19): 1–4 s for most screens, dialogs and the player (20–600 elements; loading axe
 * itself is most of it), up to 9 s for the player beside a live video that hls.js decodes, 7–9 s for the
 * home screen's eight shelves (about 1,400), 11 s for the game's sandboxed frame; a budget is about two
 * to three times that. Past it the scan fails as too slow, saying so, instead of the test running out of
 * time in the middle of it.
 */
// The player's scan beside a live hls.js video once took over 15 s in a full CI run (load 11): the base
// leaves room for that.
const SCAN_BASE_MS = 25_000;
const SCAN_MS_PER_ELEMENT = 15;
const SCAN_FRAMES_MS = 20_000;

/** Marks the element a scan is limited to, for axe's CSS-selector context. */
const SCOPE_ATTRIBUTE = 'data-a11y-scan';
let scans = 0;

/**
 * Fails on serious or critical accessibility violations. With `within` (a locator of one element),
 * only that element and what it holds, frames included: the screen a test is about (`screenOf`), a
 * dialog, the player. Without it, the whole document, with the rules only a whole document has (its
 * language, title, skip link and landmarks): the shell's own test and the pages that stand alone
 * (sign-in, hosted payment, mail viewer).
 */
export async function expectNoSeriousA11yViolations(page: Page, within?: Locator): Promise<void> {
  const element = within ? await within.elementHandle() : null;
  const elements = element
    ? await element.evaluate((node) => node.querySelectorAll('*').length + 1)
    : await page.evaluate(() => document.querySelectorAll('*').length);
  const hasFrames = page.frames().length > 1;
  const budget = SCAN_BASE_MS + SCAN_MS_PER_ELEMENT * elements + (hasFrames ? SCAN_FRAMES_MS : 0);
  const scope = within ? String(within) : 'the page';
  await base.step(
    `no serious accessibility violation in ${scope} (${String(elements)} elements, ${String(Math.round(budget / 1000))} s)`,
    async () => {
      const builder = new AxeBuilder({ page });
      // One axe.run in the page when it has no frames: the same rules and results as the frame-by-frame
      // run, which collects every frame's partial results and finishes them in a new blank page, at half
      // the time (home page: 3–5 s instead of 8–11 s). Pages with frames (the game, the ebook) keep the
      // frame-by-frame run, which reaches a sandboxed frame's own origin too.
      if (!hasFrames) builder.setLegacyMode();
      scans += 1;
      const mark = String(scans);
      if (element) {
        await element.evaluate(
          (node, { name, value }) => {
            node.setAttribute(name, value);
          },
          { name: SCOPE_ATTRIBUTE, value: mark },
        );
        builder.include(`[${SCOPE_ATTRIBUTE}="${mark}"]`);
      }
      try {
        const results = await builder.analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
        ).toEqual([]);
      } finally {
        await element?.evaluate((node, name) => {
          node.removeAttribute(name);
        }, SCOPE_ATTRIBUTE);
        await element?.dispose();
      }
    },
    { box: true, timeout: budget },
  );
}

/** Signs in through the sign-in form, for tests about it; members.ts `signInAs` is the quick way. */
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
