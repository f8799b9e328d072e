import { memberDisplayName } from '@member/domain';
import { Suspense, use, useState } from 'react';
import { useLoaderData } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { HomeData } from '../api/home-loader';
import { SplashCover, isFirstArrival, splashCoverShownSince } from '../../../components/ui/splash-cover';
import '../home-page.css';

/** What the home route's loader returns at once (app/router.tsx): the shelves' code and data, on the way. */
export interface HomeRouteData {
  home: Promise<HomeData | null>;
}

/** The shelves, once their code (`HomeData.Content`), strings and the member's media types are in. */
function LoadedHome({ home }: { home: Promise<HomeData | null> }) {
  const data = use(home);
  return data && <data.Content home={data} />;
}

/**
 * `/`: a welcome with the member's display name, then the shelves (spec section 2). The heading shows
 * at once; the shelves' chunk loads after it, in space that the skeleton reserves (home-page.css), so
 * this module and the main layout are all the first paint needs (decision 009). On the first arrival of
 * a session the splash's cover shows from the first paint (the first route's fallback put it up); the shelves' chunk's `Splash` continues it
 * until their titles are in.
 */
export function HomePage() {
  const { t } = useI18n();
  const { member } = useSession();
  const { home } = useLoaderData<HomeRouteData>();
  const [firstArrival] = useState(isFirstArrival);
  // The first route's fallback put the cover up already: it stays, without fading in a second time.
  const [coverUp] = useState(() => splashCoverShownSince() !== null);
  useDocumentTitle(t('menu.home'));
  // The markup of components/ui/page.tsx's `Page`, which ships with the other screens rather than here.
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">
          {t('home.welcome', { name: member ? memberDisplayName(member) : '' })}
        </h1>
      </header>
      <Suspense
        fallback={
          <div className="home-skeleton" role="status">
            <span className="visually-hidden">{t('app.loading')}</span>
            {firstArrival && <SplashCover entering={!coverUp} />}
          </div>
        }
      >
        <LoadedHome home={home} />
      </Suspense>
    </div>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { HomePage as Component };
