import type { MediaType } from '@member/domain';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import type { Genre } from '../api/browse-queries';
import { genreTree } from '../utils/genre-tree';
import { genreHref } from './browse-links';

/** Every genre of a media type: parents as headings-with-links, their subgenres below them. */
export function GenreList({ media, genres }: { media: MediaType; genres: readonly Genre[] }) {
  const { t } = useI18n();
  const tree = genreTree(genres);
  if (tree.length === 0) return <p className="browse-empty">{t('browse.nothingToDisplay')}</p>;
  return (
    <ul className="genre-list">
      {tree.map((genre) => (
        <li className="genre-list__group" key={genre.id}>
          <h2 className="genre-list__title">
            <Link to={genreHref(media, genre.id)}>{genre.title}</Link>
          </h2>
          {genre.subgenres.length > 0 ? (
            <ul className="genre-chips" aria-label={t('browse.subgenresOf', { genre: genre.title })}>
              {genre.subgenres.map((sub) => (
                <li key={sub.id}>
                  <Link className="genre-chip" to={genreHref(media, sub.id)}>
                    {sub.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
