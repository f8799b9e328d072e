import type { HomeData } from '../api/home-loader';
import { CookieNotice } from './cookie-notice';
import { HomeSearch } from './home-search';
import { HomeShelves } from './home-shelves';
import { Splash } from './splash';
import '../home.css';

/**
 * Everything of the home page below its heading: the splash, a search field, the shelves and the
 * cookie notice. It is its own chunk, which the route's loader fetches beside the main layout's (see
 * `HomeData.Content`), so it is there for the page's first paint.
 */
export function HomeContent({ home }: { home: HomeData }) {
  return (
    <>
      <Splash until={home.slots} />
      <HomeSearch />
      <HomeShelves home={home} />
      <CookieNotice />
    </>
  );
}
