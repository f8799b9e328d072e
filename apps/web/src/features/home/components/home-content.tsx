import { Suspense, use } from 'react';
import type { HomeData } from '../api/home-loader';
import { FeaturedTitle } from './featured-title';
import { CookieNotice } from './cookie-notice';
import { HomeGiveawayCard } from './home-giveaway-card';
import { HomeSearch } from './home-search';
import { HomeShelves } from './home-shelves';
import { Splash } from './splash';
import '../home.css';

/**
 * The featured title, once the server named it. Its box is the skeleton's, so it replaces it in place;
 * without one (an empty catalogue) or when it could not be loaded, the page goes on without it.
 */
function Featured({ featured }: { featured: HomeData['featured'] }) {
  const loaded = use(featured);
  return loaded.ok && loaded.value ? <FeaturedTitle featured={loaded.value} /> : null;
}

/**
 * Everything of the home page below its heading: the splash (which continues the cover the page showed
 * while this loaded), the featured title, a search field, the shelves and the cookie notice. It
 * is its own chunk, which the route's loader fetches without holding the page back (see
 * `HomeData.Content`); until it is in, the page shows a skeleton of the same height (home-page.css).
 */
export function HomeContent({ home }: { home: HomeData }) {
  return (
    <>
      <Splash until={home.slots} />
      <Suspense fallback={<div className="home-featured home-featured--loading" aria-hidden="true" />}>
        <Featured featured={home.featured} />
      </Suspense>
      <HomeSearch />
      <HomeShelves home={home} />
      <HomeGiveawayCard />
      <CookieNotice />
    </>
  );
}
