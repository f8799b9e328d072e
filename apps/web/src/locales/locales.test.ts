import { LOCALES, type Locale } from '@member/domain';
import { describe, expect, it } from 'vitest';
import { flattenMessages, pluralCategories } from '../lib/i18n';

const files = import.meta.glob<unknown>(['./*.json', './*/*.json'], { eager: true, import: 'default' });

/** The shell's file (no namespace) and each namespace folder (lib/i18n.tsx). */
const NAMESPACES = [
  '',
  ...new Set(
    Object.keys(files)
      .filter((f) => f.split('/').length === 3)
      .map((f) => f.split('/')[1] ?? ''),
  ),
];

function fileOf(namespace: string, locale: Locale): string {
  return namespace ? `./${namespace}/${locale}.json` : `./${locale}.json`;
}

function messagesOf(locale: Locale, namespace = ''): Map<string, unknown> {
  const file = files[fileOf(namespace, locale)];
  if (file === undefined) throw new Error(`src/locales/${fileOf(namespace, locale)} is missing`);
  const leaves = new Map<string, unknown>();
  // Walk every leaf, including any that is not a string, so a wrong type fails too.
  const walk = (node: unknown, prefix: string): void => {
    if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
    } else {
      leaves.set(prefix, node);
    }
  };
  walk(file, namespace);
  return leaves;
}

/** i18next's plural suffixes (`trees_one`, `trees_other`). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have: every en-us key, except that a plural key's forms are the language's
 * own (`_other` always, `_one` where its rules have it: not in Japanese or Malay).
 */
function requiredKeys(english: Map<string, unknown>, locale: Locale): Set<string> {
  const categories = new Set<string>(pluralCategories(locale));
  return new Set(
    [...english.keys()].filter((key) => {
      const suffix = PLURAL.exec(key)?.[1];
      return suffix === undefined || suffix === 'other' || categories.has(suffix);
    }),
  );
}

/** Keys a language may have beyond the required ones: plural forms its rules have (French `_many`…). */
function allowedExtra(english: Map<string, unknown>, locale: Locale, key: string): boolean {
  const suffix = PLURAL.exec(key)?.[1];
  if (suffix === undefined) return false;
  const base = key.slice(0, -suffix.length - 1);
  return english.has(`${base}_other`) && (pluralCategories(locale) as string[]).includes(suffix);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

describe.each(NAMESPACES)('locale files %s', (namespace) => {
  const english = messagesOf('en-us', namespace);

  it('include a file for each of the 8 languages and nothing else', () => {
    const prefix = namespace ? `./${namespace}/` : './';
    const inFolder = Object.keys(files).filter(
      (f) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/'),
    );
    expect(inFolder.sort()).toEqual(LOCALES.map((locale) => fileOf(namespace, locale)).sort());
  });

  it('flatten to the same keys as the typed lookup uses', () => {
    expect([...flattenMessages(files[fileOf(namespace, 'en-us')], namespace).keys()].sort()).toEqual(
      [...english.keys()].sort(),
    );
  });

  it('never define a key that another file defines', () => {
    const others = NAMESPACES.filter((other) => other !== namespace).flatMap((other) => [
      ...messagesOf('en-us', other).keys(),
    ]);
    expect([...english.keys()].filter((key) => others.includes(key))).toEqual([]);
  });

  describe.each(LOCALES)('%s', (locale) => {
    const messages = messagesOf(locale, namespace);

    it('has every key of en-us and no other (plural forms by its own plural rules)', () => {
      const required = requiredKeys(english, locale);
      const missing = [...required].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter(
        (key) => !required.has(key) && !allowedExtra(english, locale, key),
      );
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has a non-empty text for every key', () => {
      const empty = [...messages].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(empty.map(([key]) => key)).toEqual([]);
    });

    it('uses the same {placeholders} as en-us', () => {
      const different = [...english]
        .filter(([key, value]) => {
          const translated = messages.get(key);
          return (
            typeof value === 'string' &&
            typeof translated === 'string' &&
            placeholders(value).join() !== placeholders(translated).join()
          );
        })
        .map(([key]) => key);
      expect(different).toEqual([]);
    });
  });
});
