import type { HomeData } from '../api/home-loader';
import { CookieNotice } from './cookie-notice';
import { HomeGiveawayCard } from './home-giveaway-card';
import { HomeSearch } from './home-search';
import { HomeShelves } from './home-shelves';
import { Splash } from './splash';
import '../home.css';

/**
 * Everything of the home page below its heading: the splash (which continues the cover the page showed
 * while this loaded), a search field, the shelves and the cookie notice. It
 * is its own chunk, which the route's loader fetches without holding the page back (see
 * `HomeData.Content`); until it is in, the page shows a skeleton of the same height (home-page.css).
 */
export function HomeContent({ home }: { home: HomeData }) {
  return (
    <>
      <Splash until={home.slots} />
      <HomeSearch />
      <HomeShelves home={home} />
      <HomeGiveawayCard />
      <CookieNotice />
    </>
  );
}
