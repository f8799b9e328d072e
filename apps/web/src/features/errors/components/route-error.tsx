import { useEffect } from 'react';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { isChunkError, reloadOnceAfterChunkError } from '../../../lib/chunk-load';
import { type TranslationKey, useI18n } from '../../../lib/i18n';
import { RefusalError } from '../../../lib/refusal';
import { refusalTextKey } from '../../../lib/refusal-text';
import { logger } from '../../../lib/logger';
import { useOptionalSession } from '../../../lib/session';
import { InformationNotFoundState, NotFoundState, SomethingWentWrongState } from './error-state';

export type RouteErrorKind = 'not-found' | 'chunk' | 'data' | 'unexpected';

/**
 * Which error screen a route error gets (spec section 8): 404-like errors show Not Found, failed data
 * loads "information not found", failed chunks and anything else "something went wrong".
 */
export function classifyRouteError(error: unknown): RouteErrorKind {
  if (isRouteErrorResponse(error)) return error.status === 404 ? 'not-found' : 'unexpected';
  if (isChunkError(error)) return 'chunk';
  if (error instanceof RefusalError) return error.code === 'NOT_FOUND' ? 'not-found' : 'data';
  return 'unexpected';
}

/** Failed loads whose cause the member can act on (wait, reconnect, ask for less); others read as generic. */
const EXPLAINED_LOAD_FAILURES: readonly TranslationKey[] = [
  'errors.refusal.network',
  'errors.refusal.rateLimited',
  'errors.refusal.unavailable',
  'errors.refusal.tooLarge',
];

function RouteErrorContent() {
  const { t } = useI18n();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const kind = classifyRouteError(error);
  const reason = refusalTextKey(error);

  useEffect(() => {
    if (kind === 'not-found') return;
    logger.error(`Route error (${kind})`, error);
    // A missing chunk usually means a new deployment: reload once to fetch the new files.
    if (kind === 'chunk') reloadOnceAfterChunkError();
  }, [kind, error]);

  switch (kind) {
    case 'not-found':
      return <NotFoundState />;
    case 'data':
      return (
        <InformationNotFoundState
          onRetry={() => void revalidator.revalidate()}
          message={EXPLAINED_LOAD_FAILURES.includes(reason) ? t(reason) : undefined}
        />
      );
    case 'chunk':
    case 'unexpected':
      return <SomethingWentWrongState />;
  }
}

/** Error screen of a page inside the main layout: the header and menu stay usable. */
export function PageErrorBoundary() {
  return (
    <div className="page">
      <RouteErrorContent />
    </div>
  );
}

/** Error screen for failures above the main layout (the layout itself, top-level routes). */
export function RootErrorBoundary() {
  const brand = useOptionalSession()?.brand;
  return (
    <StandalonePage header={brand ? <BrandMark name={brand.name} logo={brand.logo} size="lg" /> : null}>
      <RouteErrorContent />
    </StandalonePage>
  );
}
