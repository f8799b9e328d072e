import type { Locator, Page } from '@playwright/test';
import enShell from '../../apps/web/src/locales/en-us.json' with { type: 'json' };
import enShelves from '../../apps/web/src/locales/shelves/en-us.json' with { type: 'json' };
import { expect as baseExpect, expectNoSeriousA11yViolations, test } from './fixtures';
import { MEMBER_NAME, createMember } from './members';

// Screens load their code and data on first use while other test runs share the machine's two cores:
// a screen can take several seconds to appear.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The library's screens, as the menus name them and their pages title themselves. */
const LIBRARY = [
  { name: enShell.library.collectionTitle, path: '/collection' },
  { name: enShell.library.playlistsTitle, path: '/playlists' },
  { name: enShell.library.historyTitle, path: '/history' },
] as const;

const mainMenu = (page: Page) => page.getByRole('navigation', { name: enShell.nav.mainLabel });
const libraryGroup = (page: Page) => mainMenu(page).getByRole('list', { name: enShell.nav.library });
const memberButton = (page: Page) => page.getByRole('button', { name: MEMBER_NAME, exact: true });

async function expectScreen(page: Page, screen: (typeof LIBRARY)[number]): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: screen.name, exact: true })).toBeVisible();
}

/** Only `current` of the group's links is marked as the current page. */
async function expectCurrent(group: Locator, current: string): Promise<void> {
  for (const { name } of LIBRARY) {
    const link = group.getByRole('link', { name, exact: true });
    if (name === current) await expect(link).toHaveAttribute('aria-current', 'page');
    else await expect(link).not.toHaveAttribute('aria-current');
  }
}

test.describe('library navigation', () => {
  test('on a desktop, the side menu and the member menu lead from home to the collection, playlists and history', async ({
    page,
  }) => {
    await createMember(page);
    await page.goto('/');
    const group = libraryGroup(page);
    await expect(group).toBeVisible();
    await expect(group.getByRole('link')).toHaveText(LIBRARY.map(({ name }) => name));

    for (const screen of LIBRARY) {
      await group.getByRole('link', { name: screen.name, exact: true }).click();
      await expectScreen(page, screen);
      await expectCurrent(group, screen.name);
    }
    await expectNoSeriousA11yViolations(page, mainMenu(page));

    // The member menu has them too.
    await memberButton(page).click();
    const panel = page.locator('.member-menu__panel');
    await panel.getByRole('link', { name: enShell.library.collectionTitle, exact: true }).click();
    await expectScreen(page, LIBRARY[0]);
    await expect(memberButton(page)).toHaveAttribute('aria-expanded', 'false');
    await memberButton(page).click();
    await expectCurrent(panel, enShell.library.collectionTitle);
    await expectNoSeriousA11yViolations(page, page.getByRole('banner'));
    await page.keyboard.press('Escape');
    await expect(memberButton(page)).toBeFocused();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the menu button and the member menu lead to the collection, playlists and history', async ({
      page,
    }) => {
      await createMember(page);
      await page.goto('/');
      await page.getByRole('button', { name: enShelves.cookies.accept }).click();
      // The side menu is folded behind the menu button.
      await expect(mainMenu(page)).toBeHidden();
      const menuButton = page.getByRole('button', { name: enShell.nav.menuButton, exact: true });

      for (const screen of LIBRARY) {
        await menuButton.click();
        await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
        await libraryGroup(page).getByRole('link', { name: screen.name, exact: true }).click();
        await expectScreen(page, screen);
        // Choosing a screen folds the menu away.
        await expect(mainMenu(page)).toBeHidden();
      }

      await menuButton.click();
      await expectCurrent(libraryGroup(page), enShell.library.historyTitle);
      await expectNoSeriousA11yViolations(page, mainMenu(page));
      await menuButton.click();
      await expect(mainMenu(page)).toBeHidden();

      await memberButton(page).click();
      const panel = page.locator('.member-menu__panel');
      await expect(panel).toBeInViewport({ ratio: 1 });
      await panel.getByRole('link', { name: enShell.library.playlistsTitle, exact: true }).click();
      await expectScreen(page, LIBRARY[1]);
      await memberButton(page).click();
      await expectCurrent(panel, enShell.library.playlistsTitle);
      await expectNoSeriousA11yViolations(page, page.getByRole('banner'));
    });
  });
});
