import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  MAX_QUERY_TERMS,
  foldForSearch,
  searchDocument,
  searchTerms,
  searchWords,
} from './catalog.search-text';

describe('search text', () => {
  it('folds case, accents and compatibility forms, and splits on anything but letters and digits', () => {
    expect(foldForSearch('Amélie ÀÉÎÕÜ ﬁne')).toBe('amelie aeiou fine');
    expect(searchWords('Hello, World! — «Café» (2024) e-mail')).toEqual([
      'hello',
      'world',
      'cafe',
      '2024',
      'e',
      'mail',
    ]);
    expect(searchDocument('  Le   Dernier   Phare ')).toBe('le dernier phare');
  });

  it('indexes runs of Japanese (and Chinese) as overlapping pairs, keeping the last character', () => {
    expect(searchWords('最後の灯台')).toEqual(['最後', '後の', 'の灯', '灯台', '台']);
    expect(searchWords('港')).toEqual(['港']);
    // Mixed with other scripts and digits: each run on its own.
    expect(searchWords('東京2024年 Tokyo')).toEqual(['東京', '京', '2024', '年', 'tokyo']);
    // Katakana with its length mark; half-width katakana and voicing marks fold like accents.
    expect(searchWords('コーヒー')).toEqual(['コー', 'ーヒ', 'ヒー', 'ー']);
    expect(searchWords('ｶﾞｰﾃﾞﾝ')).toEqual(searchWords('カーテン'));
    expect(searchWords('ガンダム')).toEqual(searchWords('カンタム'));
  });

  it('turns a query into prefix terms: words, and the pairs of a Japanese run', () => {
    expect(searchTerms('Silent   HARBOR')).toEqual(['silent', 'harbor']);
    expect(searchTerms('灯台')).toEqual(['灯台']);
    expect(searchTerms('静かな港')).toEqual(['静か', 'かな', 'な港']);
    expect(searchTerms('港')).toEqual(['港']);
    expect(searchTerms('"quoted" * NEAR(a b) -x')).toEqual(['quoted', 'near', 'a', 'b', 'x']);
    expect(searchTerms('   ...  ')).toEqual([]);
  });

  it('finds every Japanese query inside the text it comes from (property)', () => {
    const kana = fc.constantFrom(
      ...'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん港灯台海空森川山'.split(
        '',
      ),
    );
    fc.assert(
      fc.property(fc.array(kana, { minLength: 1, maxLength: 12 }), fc.nat(), fc.nat(), (characters, a, b) => {
        const text = characters.join('');
        const start = a % characters.length;
        const end = start + 1 + (b % (characters.length - start));
        const indexed = new Set(searchWords(text));
        // Every term is a prefix of some indexed word, as the engines match them.
        return searchTerms(characters.slice(start, end).join('')).every((term) =>
          [...indexed].some((word) => word.startsWith(term)),
        );
      }),
    );
  });

  it('keeps at most MAX_QUERY_TERMS terms, each once', () => {
    const terms = searchTerms('一二三四五六七八九十 a a b');
    expect(terms).toHaveLength(MAX_QUERY_TERMS);
    expect(new Set(terms).size).toBe(terms.length);
  });
});
