import { LOCALES, type Locale } from '@member/domain';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../lib/i18n';

const files = import.meta.glob<unknown>('./*.json', { eager: true, import: 'default' });

function messagesOf(locale: Locale): Map<string, unknown> {
  const file = files[`./${locale}.json`];
  if (file === undefined) throw new Error(`src/locales/${locale}.json is missing`);
  const leaves = new Map<string, unknown>();
  // Walk every leaf, including any that is not a string, so a wrong type fails too.
  const walk = (node: unknown, prefix: string): void => {
    if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
    } else {
      leaves.set(prefix, node);
    }
  };
  walk(file, '');
  return leaves;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

const english = messagesOf('en-us');

describe('locale files', () => {
  it('include a file for each of the 8 languages and nothing else', () => {
    expect(Object.keys(files).sort()).toEqual(LOCALES.map((locale) => `./${locale}.json`).sort());
  });

  it('flatten to the same keys as the typed lookup uses', () => {
    expect([...flattenMessages(files['./en-us.json']).keys()].sort()).toEqual([...english.keys()].sort());
  });

  describe.each(LOCALES)('%s', (locale) => {
    const messages = messagesOf(locale);

    it('has every key of en-us and no other', () => {
      const missing = [...english.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !english.has(key));
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
