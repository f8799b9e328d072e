import { useEffect } from 'react';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { isChunkError, reloadOnceAfterChunkError } from '../../../lib/chunk-load';
import { GraphQLRequestError } from '../../../lib/graphql';
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
  if (error instanceof GraphQLRequestError) return error.code === 'NOT_FOUND' ? 'not-found' : 'data';
  return 'unexpected';
}

function RouteErrorContent() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const kind = classifyRouteError(error);

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
      return <InformationNotFoundState onRetry={() => void revalidator.revalidate()} />;
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
