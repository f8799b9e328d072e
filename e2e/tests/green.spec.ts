import { countTrees } from '../../packages/domain/src/green';
import en from '../../apps/web/src/locales/green/en-us.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, screenOf, test } from './fixtures';
import { createMember } from './members';
import { runOperatorCommand } from './operator';

/*
 * The green page (issue 18 item 2): the operator turns `green_page` on for a new member, who has
 * listened to some audiobooks to the end; the page shows exactly the numbers the domain's rule
 * (`countTrees`) gives for that membership and that listening, on a phone and on a desktop.
 */
test.describe('green page', () => {
  test.slow();

  test('shows the trees, carbon and green points the rule gives for the member', async ({ page }) => {
    const member = await createMember(page);
    const joined = new Date();
    runOperatorCommand([
      'member:tag',
      '--brand',
      'streamhub',
      '--email',
      member.email,
      '--tags',
      'green_page',
    ]);

    // Listened to the end: each audiobook's whole duration counts as streamed time.
    const { content } = await member.graphql<{
      content: { list: { items: { id: number; duration: number | null }[] } };
    }>('query { content { list(mediaType: "audiobook", first: 6) { items { id duration } } } }');
    const played = content.list.items.filter((item) => (item.duration ?? 0) > 0);
    expect(played.length).toBeGreaterThan(0);
    for (const item of played) {
      const saved = await member.graphql<{
        content: { updateMediaProgress: { responseResult: { succeeded: boolean } } };
      }>(
        'mutation ($id: Int!, $p: Float!) { content { updateMediaProgress(id: $id, mediaType: "audiobook", progress: $p) { responseResult { succeeded } } } }',
        { id: item.id, p: item.duration },
      );
      expect(saved.content.updateMediaProgress.responseResult.succeeded).toBe(true);
    }
    const expected = countTrees(
      [{ start: joined.toISOString(), end: null }],
      played.map((item) => ({ seconds: item.duration ?? 0, at: joined.toISOString() })),
      new Date(),
    );
    const plural = (count: number, one: string, other: string) =>
      `${count.toLocaleString('en-US')} ${count === 1 ? one : other}`;

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/green');
      const main = screenOf(page);
      await expect(main.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
      await expect(main.getByTestId('green-trees')).toHaveText(expected.trees.toLocaleString('en-US'));
      await expect(main.getByTestId('green-carbon')).toHaveText(
        `They absorb ${plural(expected.carbonTonnes, 'tonne', 'tonnes')} of carbon.`,
      );
      await expect(main.getByTestId('green-months')).toHaveText(
        `${plural(expected.activeMonths, 'month', 'months')} · ${plural(expected.treesFromMonths, 'tree', 'trees')}`,
      );
      await expect(main.getByTestId('green-hours')).toHaveText(
        `${plural(expected.hoursStreamed, 'hour', 'hours')} · ${plural(expected.treesFromStreaming, 'tree', 'trees')}`,
      );
      await expect(main.getByTestId('green-points')).toHaveText(expected.greenPoints.toLocaleString('en-US'));
      await expectNoSeriousA11yViolations(page, main);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
});
