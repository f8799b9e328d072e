import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, createTranslator, flattenMessages, interpolate } from './i18n';
import { RichText } from './rich-text';

function translator(messages: object, fallback: object) {
  return createTranslator({
    locale: 'fr-ca',
    messages: flattenMessages(messages),
    fallback: flattenMessages(fallback),
  });
}

/** An i18n store whose shell files arrive only when the test releases them, one language at a time. */
function withHeldFiles() {
  const resolvers = new Map<string, () => void>();
  const i18n = createI18n(
    (locale) =>
      new Promise((resolve) => {
        resolvers.set(locale, () => {
          resolve(new Map([['menu.home', locale]]));
        });
      }),
    null,
  );
  return { i18n, resolvers };
}

describe('i18n', () => {
  it('interpolates {placeholders} and leaves unknown ones visible', () => {
    expect(interpolate('Welcome, {name}', { name: 'Jane' })).toBe('Welcome, Jane');
    expect(interpolate('{count} of {total}', { count: 2, total: 5 })).toBe('2 of 5');
    expect(interpolate('Hello {missing}', {})).toBe('Hello {missing}');
  });

  it('uses the current language, then en-us, then the key itself', () => {
    const { t } = translator({ home: { welcome: 'Bienvenue, {name}' } }, { menu: { home: 'Home' } });
    expect(t('home.welcome', { name: 'Jane' })).toBe('Bienvenue, Jane');
    expect(t('menu.home')).toBe('Home');
    expect(t('menu.marketplace')).toBe('menu.marketplace');
  });

  it('translates text that may be a key and keeps plain text as it is', () => {
    const { translateText } = translator({ media: { movie: { title: 'Films' } } }, {});
    expect(translateText('media.movie.title')).toBe('Films');
    expect(translateText('Podcasts')).toBe('Podcasts');
  });

  it('puts elements into a sentence', () => {
    render(
      <p>
        <RichText text="Write to {email} today." values={{ email: <a href="mailto:a@b.c">a@b.c</a> }} />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'a@b.c' })).toHaveAttribute('href', 'mailto:a@b.c');
    expect(screen.getByText(/Write to/)).toHaveTextContent('Write to a@b.c today.');
  });

  it('loads the real locale files and sets <html lang>', async () => {
    const root = document.createElement('html');
    const i18n = createI18n(undefined, root);
    await i18n.setLocale('my-ms');
    const { t, locale } = createTranslator(i18n.getSnapshot());
    expect(locale).toBe('my-ms');
    expect(root.lang).toBe('ms-MY');
    expect(t('auth.login.title')).not.toBe('auth.login.title');
    expect(t('auth.login.title')).not.toBe(
      createTranslator({ ...i18n.getSnapshot(), messages: new Map() }).t('auth.login.title'),
    );
  });

  it('lets the last language asked for win when files arrive out of order', async () => {
    const { i18n, resolvers } = withHeldFiles();
    const first = i18n.setLocale('fr-ca');
    const second = i18n.setLocale('de-de');
    resolvers.get('en-us')?.();
    resolvers.get('de-de')?.();
    await second;
    resolvers.get('fr-ca')?.();
    await first;
    expect(i18n.getSnapshot().locale).toBe('de-de');
  });

  it('adds a namespace without drawing the screen again unless a shown text lacked one of its keys', async () => {
    const i18n = createI18n(() => Promise.resolve(new Map([['menu.home', 'Home']])), null);
    await i18n.setLocale('en-us');
    let notified = 0;
    i18n.subscribe(() => {
      notified += 1;
    });
    const before = i18n.getSnapshot();
    expect(createTranslator(before).t('menu.home')).toBe('Home');
    // A screen's strings, loaded before the screen shows: the same snapshot takes them, nobody redraws.
    await i18n.loadNamespace('account', () => Promise.resolve({ title: 'Account' }));
    expect(notified).toBe(0);
    expect(i18n.getSnapshot()).toBe(before);
    expect(createTranslator(i18n.getSnapshot()).t('account.title')).toBe('Account');
    // A text shown before its strings arrived (it reads as its key) is drawn again once they are in.
    expect(createTranslator(i18n.getSnapshot()).t('wallet.wallet.title')).toBe('wallet.wallet.title');
    await i18n.loadNamespace('wallet', () => Promise.resolve({ wallet: { title: 'Wallet' } }));
    expect(notified).toBe(1);
    expect(i18n.getSnapshot()).not.toBe(before);
    expect(createTranslator(i18n.getSnapshot()).t('wallet.wallet.title')).toBe('Wallet');
    // A language switch always redraws.
    await i18n.setLocale('fr-ca');
    expect(notified).toBe(2);
    expect(i18n.getSnapshot().locale).toBe('fr-ca');
  });

  it('keeps a language switch when a namespace arrives during it', async () => {
    const { i18n, resolvers } = withHeldFiles();
    // The visitor picks French; a screen's namespace registers before the French files are in.
    const switched = i18n.setLocale('fr-ca');
    const namespace = i18n.loadNamespace('account', (locale) =>
      Promise.resolve({ title: `account ${locale}` }),
    );
    resolvers.get('en-us')?.();
    resolvers.get('fr-ca')?.();
    await Promise.all([switched, namespace]);
    expect(i18n.getSnapshot().locale).toBe('fr-ca');
  });
});

describe('plural forms (i18next JSON v4 suffixes, chosen by the language’s plural rules)', () => {
  const english = { green: { page: { treeCount_one: '{count} tree', treeCount_other: '{count} trees' } } };
  const of = (locale: 'en-us' | 'fr-ca' | 'ja-jp' | 'my-ms', messages: object) =>
    createTranslator({ locale, messages: flattenMessages(messages), fallback: flattenMessages(english) });

  it('says 1 tree and 2 trees in English, with the count formatted', () => {
    const { t } = of('en-us', english);
    expect(t('green.page.treeCount', { count: 1 })).toBe('1 tree');
    expect(t('green.page.treeCount', { count: 2 })).toBe('2 trees');
    expect(t('green.page.treeCount', { count: 0 })).toBe('0 trees');
    expect(t('green.page.treeCount', { count: 12345 })).toBe('12,345 trees');
  });

  it('says 0 arbre and 1,5 arbre in French (its "one" covers 0 to 2)', () => {
    const { t } = of('fr-ca', {
      green: { page: { treeCount_one: '{count} arbre', treeCount_other: '{count} arbres' } },
    });
    expect(t('green.page.treeCount', { count: 0 })).toBe('0 arbre');
    expect(t('green.page.treeCount', { count: 1.5 })).toBe('1,5 arbre');
    expect(t('green.page.treeCount', { count: 2 })).toBe('2 arbres');
  });

  it('uses the one form Japanese and Malay have, whatever the count', () => {
    const ja = of('ja-jp', { green: { page: { treeCount_other: '{count} 本' } } });
    expect(ja.t('green.page.treeCount', { count: 1 })).toBe('1 本');
    const ms = of('my-ms', { green: { page: { treeCount_other: '{count} pokok' } } });
    expect(ms.t('green.page.treeCount', { count: 1 })).toBe('1 pokok');
  });

  it('falls back to English when the language lacks the key', () => {
    expect(of('fr-ca', {}).t('green.page.treeCount', { count: 1 })).toBe('1 tree');
  });
});
