import { Suspense, use, useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MediaShelf } from '../../../components/media/media-shelf';
import { Page } from '../../../components/ui/page';
import { type Translator, useI18n, useI18nStore } from '../../../lib/i18n';
import { MIN_QUERY_LENGTH, isSearchable, normalizeQuery } from '../api/search-media';
import { searchStringsLoaded } from '../api/search-strings';
import { type SearchResults, useSearchResults } from '../hooks/use-search-results';
import { useSuggestions } from '../hooks/use-suggestions';
import { countText, searchTypeHref } from './search-counts';
import { SearchCombobox } from './search-combobox';
import '../search.css';

/** Type-ahead waits this long after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The URL's query parameter: `/search?q=moon`, so that reload, back and forward keep the search. */
export const QUERY_PARAM = 'q';

/**
 * What the status line says (and screen readers hear) once a search has settled: the number of
 * matches from the server's counts ("1,000+" past its cap). No results are told by the notice below,
 * which sits inside the same live region, so "No results found" is said and shown once.
 */
function resultSummary(results: SearchResults, t: Translator['t'], locale: Translator['locale']): string {
  switch (results.status) {
    case 'idle':
    case 'loading':
      return '';
    case 'failed':
      return t('searching.failed');
    case 'done': {
      if (results.groups.length === 0) return '';
      const count = results.groups.reduce((total, group) => total + group.count, 0);
      const capped = results.groups.some((group) => group.capped);
      const form = !capped && new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
      return t(`searching.resultCount.${form}`, {
        count: countText({ count, capped }, locale),
        query: results.query,
      });
    }
  }
}

function NoResults({ results, t }: { results: SearchResults; t: Translator['t'] }) {
  if (results.status !== 'done' || results.groups.length > 0) return null;
  return (
    <section className="notice-card search-results__empty">
      <h2 className="notice-card__title">{t('searching.noResults.title')}</h2>
      <p className="notice-card__text">{t('searching.noResults.message', { query: results.query })}</p>
    </section>
  );
}

function ResultGroups({ results, t }: { results: SearchResults; t: Translator['t'] }) {
  const { locale } = useI18n();
  const shown = results.status === 'loading' ? results.previous : results;
  // Nothing asked yet; a failed search is told by the status line, no results by its notice.
  if (shown?.status !== 'done' || shown.groups.length === 0) return null;
  const isStale = results.status === 'loading';
  return (
    <div className="search-results" aria-busy={isStale}>
      {shown.groups.map((group) => (
        <MediaShelf
          key={group.mediaType}
          title={t('searching.groupTitle', {
            media: t(`media.${group.mediaType}.title`),
            count: countText(group, locale),
          })}
          items={group.items}
          // "See all" whenever the type has more matches than the row shows.
          {...(group.capped || group.count > group.items.length
            ? { moreHref: searchTypeHref(group.mediaType, shown.query) }
            : {})}
        />
      ))}
    </div>
  );
}

function SearchScreen() {
  use(searchStringsLoaded(useI18nStore()));
  const { t, locale } = useI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = normalizeQuery(searchParams.get(QUERY_PARAM) ?? '');
  const [text, setText] = useState(urlQuery);
  const [shownUrlQuery, setShownUrlQuery] = useState(urlQuery);
  // The query this field last wrote to the URL: the URL catches up a moment later (the router navigates),
  // by when the member may have typed on; that arrival must not put the older text back in the field.
  const [writtenQuery, setWrittenQuery] = useState<string | null>(null);
  const results = useSearchResults(urlQuery);
  const inputId = useId();
  const hintId = useId();

  // Back, forward or a link brought another query: show it in the field (not when it is this field's own).
  if (urlQuery !== shownUrlQuery) {
    setShownUrlQuery(urlQuery);
    if (urlQuery !== writtenQuery && normalizeQuery(text) !== urlQuery) setText(urlQuery);
  }

  const query = normalizeQuery(text);
  const suggestions = useSuggestions(query);
  const writeQuery = useCallback(
    (next: string) => {
      // Replace, not push: Back leaves the search rather than undoing it a letter at a time.
      setWrittenQuery(next);
      setSearchParams(next ? { [QUERY_PARAM]: next } : {}, { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );

  useEffect(() => {
    if (query === urlQuery) return;
    const timer = setTimeout(() => {
      writeQuery(query);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [query, urlQuery, writeQuery]);

  const isPending = query !== urlQuery || results.status === 'loading';

  return (
    <>
      <form
        className="search-form"
        role="search"
        onSubmit={(event) => {
          // Enter searches at once rather than after the type-ahead's pause.
          event.preventDefault();
          if (query !== urlQuery) writeQuery(query);
        }}
      >
        <label className="field__label" htmlFor={inputId}>
          {t('searching.label')}
        </label>
        <div className="search-form__row">
          <SearchCombobox
            id={inputId}
            value={text}
            suggestions={suggestions}
            describedBy={hintId}
            onChange={setText}
          />
          <button type="submit" className="button button--primary">
            {t('searching.submit')}
          </button>
        </div>
        <p className="search-form__hint" id={hintId}>
          {query !== '' && !isSearchable(query) ? t('searching.tooShort', { count: MIN_QUERY_LENGTH }) : ''}
        </p>
      </form>
      <div className="search-status" role="status">
        {isPending ? null : (
          <>
            <p>{resultSummary(results, t, locale)}</p>
            <NoResults results={results} t={t} />
          </>
        )}
      </div>
      <ResultGroups results={results} t={t} />
    </>
  );
}

/**
 * `/search` (spec section 2): type-ahead over titles, people and descriptions, with results grouped by
 * media type, each with its count and "See all" (`/search/:media`), and titles suggested under the field
 * while typing (decision 036). The query lives in the URL (`?q=`), written 200 ms after the last keystroke; the results
 * follow the URL, so reload, Back and Forward show the same search. A polite live region reads out the
 * outcome. The screen fetches for itself (no route loader): the route table ships in the first page's
 * JavaScript, where decision 004's budget has no room for one more loader.
 */
export function SearchPage() {
  const { t } = useI18n();
  return (
    <Page title={t('search.title')}>
      <Suspense fallback={null}>
        <SearchScreen />
      </Suspense>
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { SearchPage as Component };
