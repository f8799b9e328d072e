import { describe, expect, it } from 'vitest';

import {
  TRANSLATED_LOCALES,
  type TitleKind,
  translateDescription,
  translateEpisode,
  translateTitle,
} from './catalog-translations';
import { ADJECTIVES, NOUNS, PLACES } from './catalog-words';

const KINDS: TitleKind[] = ['theAN', 'NofP', 'ANs', 'returnTo', 'aAN', 'lettersFrom', 'keeper', 'NinP'];

describe('catalog translations', () => {
  it.each(TRANSLATED_LOCALES)('has a %s word for every English word, index for index', (locale) => {
    for (const kind of KINDS) {
      for (let i = 0; i < Math.max(ADJECTIVES.length, NOUNS.length, PLACES.length); i += 1) {
        const parts = {
          kind,
          adjective: i % ADJECTIVES.length,
          noun: i % NOUNS.length,
          place: i % PLACES.length,
        };
        expect(translateTitle(locale, parts)).not.toBe('');
      }
      // One past the English lists is no word at all.
      expect(() =>
        translateTitle(locale, { kind, adjective: ADJECTIVES.length, noun: 0, place: 0 }),
      ).toThrow();
      expect(() => translateTitle(locale, { kind, adjective: 0, noun: NOUNS.length, place: 0 })).toThrow();
    }
    expect(() =>
      translateDescription(locale, 'movie', 'X', { genre: 'Drama', place: PLACES.length, noun: 0 }),
    ).toThrow();
  });

  it('writes articles, contractions and agreement per language', () => {
    const harbor = NOUNS.indexOf('Harbor');
    const anchor = NOUNS.indexOf('Anchor');
    const silent = ADJECTIVES.indexOf('Silent');
    const lisbon = PLACES.indexOf('Lisbon');
    const oaxaca = PLACES.indexOf('Oaxaca');
    const title = (
      locale: (typeof TRANSLATED_LOCALES)[number],
      kind: TitleKind,
      noun = harbor,
      place = lisbon,
    ) => translateTitle(locale, { kind, adjective: silent, noun, place });
    expect(title('fr-ca', 'NofP', harbor, oaxaca)).toBe("Le port d'Oaxaca");
    expect(title('fr-ca', 'returnTo')).toBe('Retour au port');
    expect(title('es-es', 'theAN', anchor)).toBe('El ancla silenciosa');
    expect(title('es-es', 'lettersFrom', anchor)).toBe('Cartas del ancla');
    expect(title('it-it', 'lettersFrom')).toBe('Lettere dal porto');
    expect(title('it-it', 'keeper')).toBe('Il custode del porto');
    expect(title('pt-pt', 'NinP')).toBe('Um porto em Lisboa');
    expect(translateEpisode('fr-ca', 'Le port', 3)).toEqual({
      title: 'Le port : épisode 3',
      description: 'Épisode 3 de Le port.',
    });
    // A series title with braces is not read as a template.
    expect(translateEpisode('ja-jp', '{n}', 2).title).toBe('{n} 第2話');
  });
});
