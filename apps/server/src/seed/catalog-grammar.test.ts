import { describe, expect, it } from 'vitest';

import { grammarProblems, indefiniteArticle, pluralOf, withArticle } from './catalog-grammar';
import { ADJECTIVES, NOUNS } from './catalog-words';

describe('indefiniteArticle', () => {
  it('says "an" before a vowel sound and "a" before a consonant sound', () => {
    expect(withArticle('Orchard', true)).toBe('An Orchard');
    expect(withArticle('Harbor', true)).toBe('A Harbor');
    expect(withArticle('echo')).toBe('an echo');
    expect(withArticle('action game')).toBe('an action game');
    expect(indefiniteArticle('hour')).toBe('an');
    expect(indefiniteArticle('unicorn')).toBe('a');
    expect(indefiniteArticle('one-way road')).toBe('a');
  });

  it('knows every adjective and noun of the demo lists', () => {
    const vowels = [...ADJECTIVES, ...NOUNS].filter((word) => indefiniteArticle(word) === 'an');
    expect(vowels.sort()).toEqual(
      [
        'Amber',
        'Anchor',
        'Archive',
        'Echo',
        'Electric',
        'Endless',
        'Engine',
        'Iron',
        'Island',
        'Open',
        'Orchard',
      ].sort(),
    );
  });
});

describe('pluralOf', () => {
  it('adds es after s, x, z, ch and sh, ies after a consonant and y, and keeps the capital', () => {
    expect(pluralOf('Compass')).toBe('Compasses');
    expect(pluralOf('Echo')).toBe('Echoes');
    expect(pluralOf('Valley')).toBe('Valleys');
    expect(pluralOf('story')).toBe('stories');
    expect(pluralOf('Harbor')).toBe('Harbors');
    expect(pluralOf('Lighthouse')).toBe('Lighthouses');
    expect(pluralOf('box')).toBe('boxes');
  });

  it('gives every noun of the demo lists a plural without a doubled ending', () => {
    for (const noun of NOUNS) expect(grammarProblems(pluralOf(noun))).toEqual([]);
  });
});

describe('grammarProblems', () => {
  it('finds the mistakes the demo catalog made', () => {
    expect(grammarProblems('A Orchard')).toHaveLength(1);
    expect(grammarProblems('Wild Compasss')).toHaveLength(1);
    expect(grammarProblems('an Harbor')).toHaveLength(1);
    expect(grammarProblems('the the end')).toHaveLength(1);
    expect(grammarProblems('An Orchard in Lisbon')).toEqual([]);
    expect(grammarProblems('Wild Compasses, a crime film.')).toEqual([]);
  });
});
