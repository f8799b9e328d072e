import { type MediaType, isMediaType } from '@member/domain';
import { Suspense, use, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MediaGrid } from '../../../components/media/media-grid';
import { Page } from '../../../components/ui/page';
import { SEARCH_PATH } from '../../../config/paths';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { type SearchPageData, isSearchable, normalizeQuery, searchMediaPage } from '../api/search-media';
import { searchStringsLoaded } from '../api/search-strings';
import { PAGES_PARAM, countText, readCursors, searchTypeHref } from './search-counts';
import '../search.css';

type PageState =
  | { status: 'loading'; key: string }
  | { status: 'done'; key: string; page: SearchPageData }
  | { status: 'failed'; key: string };

/** One page of a type's results: asked once per URL; a newer URL aborts the request of the one before. */
function useTypePage(query: string, mediaType: MediaType, cursors: readonly string[]): PageState {
  const key = `${mediaType}\n${query}\n${cursors.join('.')}`;
  const after = cursors.at(-1) ?? null;
  const [state, setState] = useState<PageState>({ status: 'loading', key });
  useEffect(() => {
    const controller = new AbortController();
    searchMediaPage(query, mediaType, after, { signal: controller.signal }).then(
      (page) => {
        setState({ status: 'done', key, page });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        logger.warn('Search page failed', error);
        setState({ status: 'failed', key });
      },
    );
    return () => {
      controller.abort();
    };
  }, [key, query, mediaType, after]);
  return state.key === key ? state : { status: 'loading', key };
}

function TypeResults({ mediaType, query }: { mediaType: MediaType; query: string }) {
  use(searchStringsLoaded(useI18nStore()));
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const cursors = readCursors(params.get(PAGES_PARAM));
  const state = useTypePage(query, mediaType, cursors);
  const pageNumber = cursors.length + 1;
  const media = t(`media.${mediaType}.title`);
  const page = state.status === 'done' ? state.page : null;
  const form =
    page && !page.capped && new Intl.PluralRules(locale).select(page.count) === 'one' ? 'one' : 'other';
  return (
    <>
      <p className="search-status" role="status">
        {state.status === 'failed'
          ? t('searching.failed')
          : page
            ? `${t(`searching.resultCount.${form}`, { count: countText(page, locale), query })} · ${t('searching.pageOf', { page: pageNumber })}`
            : ''}
      </p>
      {page ? (
        <MediaGrid
          items={page.items}
          label={t('searching.typeTitle', { media, query })}
          emptyMessage={t('searching.noResults.title')}
        />
      ) : null}
      <nav className="search-pager" aria-label={t('searching.pages')}>
        {cursors.length > 0 ? (
          <Link className="button button--ghost" to={searchTypeHref(mediaType, query, cursors.slice(0, -1))}>
            {t('searching.previous')}
          </Link>
        ) : null}
        {page?.nextCursor ? (
          <Link
            className="button button--primary"
            to={searchTypeHref(mediaType, query, [...cursors, page.nextCursor])}
          >
            {t('searching.next')}
          </Link>
        ) : null}
      </nav>
      <p>
        <Link
          className="search-pager__back"
          to={`/${SEARCH_PATH}?${new URLSearchParams({ q: query }).toString()}`}
        >
          {t('searching.backToAll', { query })}
        </Link>
      </p>
    </>
  );
}

/**
 * `/search/:media?q=…&after=…`: every result of one media type for a query, a keyset page at a time,
 * in the search's order, with the type's count. Previous and Next are links whose URL holds the
 * cursors of the pages before, so Back returns to the page the member left (decision 036).
 */
export function SearchTypePage() {
  const { t } = useI18n();
  const { media = '' } = useParams();
  const [params] = useSearchParams();
  const query = normalizeQuery(params.get('q') ?? '');
  const mediaType = isMediaType(media) ? media : null;
  const title = mediaType
    ? t('searching.typeTitle', { media: t(`media.${mediaType}.title`), query })
    : t('search.title');
  return (
    <Page title={title}>
      {mediaType && isSearchable(query) ? (
        <Suspense fallback={null}>
          <TypeResults key={`${mediaType}\n${query}`} mediaType={mediaType} query={query} />
        </Suspense>
      ) : (
        <p>
          <Link to={`/${SEARCH_PATH}`}>{t('search.title')}</Link>
        </p>
      )}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { SearchTypePage as Component };
