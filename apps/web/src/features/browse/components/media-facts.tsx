import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n';
import { formatDuration } from '../../../lib/media/media-strings';
import type { MediaDetails } from '../api/get-media-details';
import { countryName, formatCalendarDate, languageName } from '../../../lib/format';

/** Catalog `type` values with a translation; others (a game's kind) show as the catalog has them. */
const KNOWN_TYPES = ['movie', 'series', 'episode'] as const;
type KnownType = (typeof KNOWN_TYPES)[number];
const isKnownType = (value: string): value is KnownType => (KNOWN_TYPES as readonly string[]).includes(value);

/** The per-type fields of spec section 3 that a title has, as a description list; absent fields are left out. */
export function MediaFacts({ media }: { media: MediaDetails }) {
  const { t, locale } = useI18n();
  const facts: { key: string; label: string; value: ReactNode }[] = [];
  const add = (key: string, label: string, value: ReactNode | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') facts.push({ key, label, value });
  };

  if (media.releaseDate)
    add('releaseDate', t('browse.facts.releaseDate'), formatCalendarDate(media.releaseDate, locale));
  else add('releaseYear', t('browse.facts.releaseYear'), media.releaseYear);
  if (media.duration) add('duration', t('browse.facts.duration'), formatDuration(media.duration, t));
  if (media.type)
    add(
      'type',
      t('browse.facts.type'),
      isKnownType(media.type) ? t(`browse.types.${media.type}`) : media.type,
    );
  add('season', t('browse.facts.season'), media.seasonNumber);
  add('episode', t('browse.facts.episode'), media.episodeNumber);
  add('quality', t('browse.facts.quality'), media.quality);
  const languages = media.languages.length > 0 ? media.languages : media.language ? [media.language] : [];
  if (languages.length > 0) {
    add(
      'languages',
      t(languages.length > 1 ? 'browse.facts.languages' : 'browse.facts.language'),
      languages.map((code) => languageName(code, locale)).join(', '),
    );
  }
  if (media.countryOfOrigin)
    add('country', t('browse.facts.country'), countryName(media.countryOfOrigin, locale));
  add('publisher', t('browse.facts.publisher'), media.publisher);
  add('edition', t('browse.facts.edition'), media.edition);
  add('pages', t('browse.facts.pages'), media.numPages);
  add('isbn', t('browse.facts.isbn'), media.isbn);
  add('upc', t('browse.facts.upc'), media.upc);
  add('copyright', t('browse.facts.copyright'), media.copyright);

  if (facts.length === 0) return null;
  return (
    <section className="media-details__section" aria-labelledby="media-facts-title">
      <h2 className="browse-section__title" id="media-facts-title">
        {t('browse.details.facts')}
      </h2>
      <dl className="media-facts">
        {facts.map((fact) => (
          <div className="media-facts__row" key={fact.key}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
