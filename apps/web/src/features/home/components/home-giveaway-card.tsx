import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession } from '../../../lib/session';
import type { HomeGiveaway } from '../api/get-home-giveaway';

/** How far below the screen the card starts loading, so that it is in before it is scrolled to. */
const NEAR_SCREEN_MARGIN = '600px';

/**
 * Whether the element has come near the screen (it stays true). Browsers without IntersectionObserver,
 * and the tests' DOM, count as near at once.
 */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near, ref]);
  return near;
}

/**
 * A giveaway card on the home page (spec section 2): one giveaway the member has not entered yet, chosen
 * at random, linking to its page. Self-contained: it fetches its own giveaway and strings, and shows
 * nothing where giveaways are disabled, when there is none, or when the request fails. It sits below the
 * shelves, so it loads (its code, its strings, its request) only when it nears the screen: the first
 * visit's work on a phone is the shelves' (issue 19; its date in the member's time zone alone cost 80 ms
 * of a slowed phone's main thread, and its code brought the giveaway screens' chunk).
 */
export function HomeGiveawayCard() {
  const { t, locale } = useI18n();
  const i18n = useI18nStore();
  const { brand, member } = useSession();
  const headingId = useId();
  const [giveaway, setGiveaway] = useState<HomeGiveaway | null>(null);
  const placeRef = useRef<HTMLDivElement>(null);
  const near = useNearScreen(placeRef);

  useEffect(() => {
    if (!near) return undefined;
    const controller = new AbortController();
    import('../api/get-home-giveaway')
      .then(({ getHomeGiveaway, loadHomeGiveawayStrings }) =>
        Promise.all([
          getHomeGiveaway(brand.id, Math.random(), new Date(), controller.signal),
          loadHomeGiveawayStrings(i18n),
        ]),
      )
      .then(
        ([chosen]) => {
          setGiveaway(chosen);
        },
        (error: unknown) => {
          // Where giveaways are disabled the server refuses the list (sweeps_*): nothing to report.
          if (controller.signal.aborted || slugOf(error)?.startsWith('sweeps_')) return;
          logger.warn('The home page giveaway could not be loaded', error);
        },
      );
    return () => {
      controller.abort();
    };
  }, [brand.id, i18n, near]);

  // An empty box to watch until the card is in (it takes no space: the card's arrival moves nothing above).
  if (!giveaway) return <div ref={placeRef} />;
  return (
    <section className="home-giveaway" aria-labelledby={headingId}>
      {giveaway.image ? <img className="home-giveaway__image" src={giveaway.image} alt="" /> : null}
      <div className="home-giveaway__body">
        <p className="home-giveaway__kicker">{t('giveaways.home.title')}</p>
        <h2 className="home-giveaway__title" id={headingId}>
          {giveaway.name}
        </h2>
        <p className="home-giveaway__meta">
          {t('giveaways.home.ends', {
            date: formatDate(giveaway.end_date, locale, member?.timezone ?? null, 'medium'),
          })}
        </p>
        <Link className="button button--primary" to={`/giveaways/id/${String(giveaway.id)}`}>
          {t('giveaways.home.enter')}
        </Link>
      </div>
    </section>
  );
}
