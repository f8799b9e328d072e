import { DEFAULT_LOCALE, LOCALE_BCP47, type Locale } from '@member/domain';
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import type accountEnUs from '../locales/account/en-us.json';
import type browseEnUs from '../locales/browse/en-us.json';
import type libraryEnUs from '../locales/library/en-us.json';
import type playerEnUs from '../locales/player/en-us.json';
import type searchingEnUs from '../locales/searching/en-us.json';
import type shelvesEnUs from '../locales/shelves/en-us.json';
import type recoveryEnUs from '../locales/recovery/en-us.json';
import type walletEnUs from '../locales/wallet/en-us.json';
import type ordersEnUs from '../locales/orders/en-us.json';
import type billingEnUs from '../locales/billing/en-us.json';
import type giveawaysEnUs from '../locales/giveaways/en-us.json';
import type vpnEnUs from '../locales/vpn/en-us.json';
import type impactsEnUs from '../locales/impacts/en-us.json';
import type greenEnUs from '../locales/green/en-us.json';
import type marketplaceEnUs from '../locales/marketplace/en-us.json';
import type supportEnUs from '../locales/support/en-us.json';
import type shopEnUs from '../locales/shop/en-us.json';
import type onboardingEnUs from '../locales/onboarding/en-us.json';
import type noticesEnUs from '../locales/notices/en-us.json';
import type paymentsEnUs from '../locales/payments/en-us.json';
import enUs from '../locales/en-us.json';

/**
 * Locale namespaces: a screen's strings live in `locales/<namespace>/<lang>.json` and load with the
 * screen (`loadNamespace`), so the JavaScript of the first page carries only the shell's strings
 * (`locales/<lang>.json`). Keys keep their full path: `account.title` is `title` in `account/`.
 */
interface NamespaceMessages {
  account: typeof accountEnUs;
  browse: typeof browseEnUs;
  library: typeof libraryEnUs;
  player: typeof playerEnUs;
  searching: typeof searchingEnUs;
  shelves: typeof shelvesEnUs;
  recovery: typeof recoveryEnUs;
  wallet: typeof walletEnUs;
  orders: typeof ordersEnUs;
  billing: typeof billingEnUs;
  giveaways: typeof giveawaysEnUs;
  vpn: typeof vpnEnUs;
  impacts: typeof impactsEnUs;
  green: typeof greenEnUs;
  marketplace: typeof marketplaceEnUs;
  support: typeof supportEnUs;
  shop: typeof shopEnUs;
  onboarding: typeof onboardingEnUs;
  notices: typeof noticesEnUs;
  payments: typeof paymentsEnUs;
}
export type LocaleNamespace = keyof NamespaceMessages;

/** The shape of every locale's messages; the en-us files are the source of truth for keys. */
export type LocaleMessages = typeof enUs & NamespaceMessages;

type LeafKeys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafKeys<T[K]>}`;
}[keyof T & string];

type LeafKey = LeafKeys<LocaleMessages>;

/** A key with plural forms (`trees_one`, `trees_other`, i18next's JSON v4 suffixes) is asked for by its base. */
type PluralBase<K> = K extends `${infer Base}_other` ? Base : never;

/**
 * Every translation key, as `group.key` paths into en-us.json; a typo is a compile error. A key with plural
 * forms is called by its base with a numeric `count` (`t('green.page.trees', { count })`).
 */
export type TranslationKey = LeafKey | PluralBase<LeafKey>;

export type TranslationParams = Record<string, string | number>;

type FlatMessages = ReadonlyMap<string, string>;

/** Flattens nested locale JSON into `a.b.c` keys. */
export function flattenMessages(
  messages: unknown,
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  if (typeof messages === 'object' && messages !== null) {
    for (const [key, value] of Object.entries(messages)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') into.set(path, value);
      else flattenMessages(value, path, into);
    }
  }
  return into;
}

/** `{name}` placeholders; the capture group makes split() keep the names. */
export const PLACEHOLDER = /\{(\w+)\}/g;

export function interpolate(template: string, params: TranslationParams = {}): string {
  return template.replace(PLACEHOLDER, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : String(value);
  });
}

// Each locale file becomes its own chunk, loaded only for the language in use (plus en-us, the fallback).
// en-us is every page's fallback, so it ships with the app; each other language is a chunk of its own,
// loaded only when in use. Namespaces' files are globbed by their own feature (see `NamespaceFiles`).
const LOCALE_LOADERS = import.meta.glob<unknown>(['../locales/*.json', '!../locales/en-us.json'], {
  import: 'default',
});

export async function loadLocaleMessages(locale: Locale): Promise<FlatMessages> {
  if (locale === DEFAULT_LOCALE) return flattenMessages(enUs);
  const load = LOCALE_LOADERS[`../locales/${locale}.json`];
  if (!load) throw new Error(`No locale file for ${locale}`);
  return flattenMessages(await load());
}

/** Loads one language's file of a namespace; the feature that owns the namespace provides it. */
export type NamespaceFiles = (locale: Locale) => Promise<unknown>;

/**
 * A namespace's files by language, from its feature's `import.meta.glob` of
 * `locales/<namespace>/*.json` (the glob is written in the feature, so its strings load with it).
 */
export function namespaceFiles(
  namespace: LocaleNamespace,
  files: Record<string, () => Promise<unknown>>,
): NamespaceFiles {
  return (locale) => {
    const load = Object.entries(files).find(([path]) => path.endsWith(`/${namespace}/${locale}.json`))?.[1];
    return load ? load() : Promise.reject(new Error(`No ${namespace} strings for ${locale}`));
  };
}

export interface Translator {
  readonly locale: Locale;
  /** The text for a key in the current language, else en-us, else the key itself. */
  t: (key: TranslationKey, params?: TranslationParams) => string;
  /**
   * Text that may be a translation key (menu titles from the server are keys such as `menu.home`,
   * custom ones may be plain words): the translation when the key exists, else the text as it is.
   */
  translateText: (text: string) => string;
}

export interface I18nSnapshot {
  readonly locale: Locale;
  readonly messages: FlatMessages;
  readonly fallback: FlatMessages;
}

/** The plural suffixes a language's texts carry (`one`, `other`…), from its CLDR plural rules. */
export function pluralCategories(locale: Locale): Intl.LDMLPluralRule[] {
  return new Intl.PluralRules(LOCALE_BCP47[locale]).resolvedOptions().pluralCategories;
}

/** The plural rules and number format of a language, made once per language (each costs a millisecond or so). */
const pluralRulesOf = new Map<string, Intl.PluralRules>();
const countFormatOf = new Map<string, Intl.NumberFormat>();

function pluralRules(bcp47: string): Intl.PluralRules {
  let rules = pluralRulesOf.get(bcp47);
  if (!rules) {
    rules = new Intl.PluralRules(bcp47);
    pluralRulesOf.set(bcp47, rules);
  }
  return rules;
}

function countFormat(bcp47: string): Intl.NumberFormat {
  let format = countFormatOf.get(bcp47);
  if (!format) {
    format = new Intl.NumberFormat(bcp47, { maximumFractionDigits: 2 });
    countFormatOf.set(bcp47, format);
  }
  return format;
}

/**
 * Snapshots a translator was asked for a key they did not hold (shown as the key itself): only then does
 * a namespace that arrives later need to draw the screen again (see `show` in createI18n).
 */
const snapshotsMissingKeys = new WeakSet<I18nSnapshot>();

export function createTranslator(snapshot: I18nSnapshot): Translator {
  const { locale, messages, fallback } = snapshot;
  const lookup = (key: string): string | undefined => messages.get(key) ?? fallback.get(key);
  const bcp47 = LOCALE_BCP47[locale];
  /**
   * Plural forms as i18next's JSON v4 writes them: `key_<category>` chosen by the language's plural rules
   * for `count` (French says "0 arbre", Japanese and Malay have `_other` only), then `key_other`; the
   * count is shown formatted for the language.
   */
  const plural = (key: string, params: TranslationParams | undefined): string | undefined => {
    const count = params?.count;
    if (typeof count !== 'number') return undefined;
    const own = messages.get(`${key}_${pluralRules(bcp47).select(count)}`) ?? messages.get(`${key}_other`);
    const text = own ?? fallback.get(`${key}_${pluralRules('en-US').select(count)}`);
    return text === undefined
      ? undefined
      : interpolate(text, { ...params, count: countFormat(bcp47).format(count) });
  };
  return {
    locale,
    t: (key, params) => {
      const text = plural(key, params) ?? lookup(key);
      if (text === undefined) snapshotsMissingKeys.add(snapshot);
      return interpolate(text ?? key, params);
    },
    translateText: (text) => lookup(text) ?? text,
  };
}

/**
 * One translator per snapshot, shared by every component that reads it: the home page alone has a few
 * hundred (each card), and making one per component was a measurable share of its first render.
 */
const translators = new WeakMap<I18nSnapshot, Translator>();

function translatorOf(snapshot: I18nSnapshot): Translator {
  let translator = translators.get(snapshot);
  if (!translator) {
    translator = createTranslator(snapshot);
    translators.set(snapshot, translator);
  }
  return translator;
}

/** The interface language: loads locale files, keeps the current one and sets `<html lang>`. */
export interface I18nStore {
  getSnapshot: () => I18nSnapshot;
  subscribe: (listener: () => void) => () => void;
  setLocale: (locale: Locale) => Promise<void>;
  /** Loads a namespace's strings for the current language (and again whenever the language changes). */
  loadNamespace: (namespace: LocaleNamespace, files: NamespaceFiles) => Promise<void>;
}

export function createI18n(
  loadMessages: (locale: Locale) => Promise<FlatMessages> = loadLocaleMessages,
  root: HTMLElement | null = typeof document === 'undefined' ? null : document.documentElement,
): I18nStore {
  // Its maps are this store's own: a namespace's strings are added to them in place (see `show`).
  let snapshot: I18nSnapshot & { messages: Map<string, string>; fallback: Map<string, string> } = {
    locale: DEFAULT_LOCALE,
    messages: new Map(),
    fallback: new Map(),
  };
  let latestRequest = 0;
  /**
   * The language last asked for, shown or still loading: a namespace that arrives during a switch
   * loads in the language being switched to, rather than undo the switch with the one on screen.
   */
  let wanted: Locale = DEFAULT_LOCALE;
  const cache = new Map<string, Promise<FlatMessages>>();
  const listeners = new Set<() => void>();
  const namespaces = new Map<LocaleNamespace, NamespaceFiles>();

  const load = (locale: Locale, namespace?: LocaleNamespace): Promise<FlatMessages> => {
    const key = `${namespace ?? ''}/${locale}`;
    let pending = cache.get(key);
    if (!pending) {
      const files = namespace && namespaces.get(namespace);
      pending = files ? files(locale).then((file) => flattenMessages(file, namespace)) : loadMessages(locale);
      // A failed download may succeed later; do not keep the rejection.
      void pending.catch(() => cache.delete(key));
      cache.set(key, pending);
    }
    return pending;
  };

  /** The shell's messages and every loaded namespace's, for one language, as one map. */
  const loadAll = async (locale: Locale): Promise<Map<string, string>> => {
    const parts = await Promise.all([
      load(locale),
      ...[...namespaces.keys()].map((namespace) => load(locale, namespace)),
    ]);
    return new Map(parts.flatMap((part) => [...part]));
  };

  const show = async (locale: Locale): Promise<void> => {
    const request = ++latestRequest;
    wanted = locale;
    const [fallback, messages] = await Promise.all([loadAll(DEFAULT_LOCALE), loadAll(locale)]);
    // A later call wins even when its files arrive first.
    if (request !== latestRequest) return;
    if (root) root.lang = LOCALE_BCP47[locale];
    if (locale === snapshot.locale && !snapshotsMissingKeys.has(snapshot)) {
      // Only strings were added (a namespace, loaded before the screen that uses it shows) and nothing on
      // the screen asked for one it lacked: the snapshot takes them in place and nothing is drawn again.
      // Telling every component that reads strings (each card of the home page) redrew the whole page
      // in one task per namespace on a phone (issue 19).
      messages.forEach((text, key) => snapshot.messages.set(key, text));
      fallback.forEach((text, key) => snapshot.fallback.set(key, text));
      return;
    }
    snapshot = { locale, messages, fallback };
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setLocale: show,
    async loadNamespace(namespace, files) {
      if (namespaces.has(namespace)) return;
      namespaces.set(namespace, files);
      try {
        await show(wanted);
      } catch (error) {
        // Try again on the next visit rather than keep a namespace that never loaded.
        namespaces.delete(namespace);
        throw error;
      }
    },
  };
}

const I18nContext = createContext<I18nStore | null>(null);

export function I18nProvider({ store, children }: { store: I18nStore; children: ReactNode }) {
  return <I18nContext value={store}>{children}</I18nContext>;
}

export function useI18nStore(): I18nStore {
  const store = use(I18nContext);
  if (!store) throw new Error('useI18n needs an I18nProvider');
  return store;
}

export function useI18n(): Translator {
  const store = useI18nStore();
  return translatorOf(useSyncExternalStore(store.subscribe, store.getSnapshot));
}
