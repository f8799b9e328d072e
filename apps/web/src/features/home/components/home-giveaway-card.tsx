import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession } from '../../../lib/session';
import { type HomeGiveaway, getHomeGiveaway, loadHomeGiveawayStrings } from '../api/get-home-giveaway';

/**
 * A giveaway card on the home page (spec section 2): one giveaway the member has not entered yet, chosen
 * at random, linking to its page. Self-contained: it fetches its own giveaway and strings, and shows
 * nothing where giveaways are disabled, when there is none, or when the request fails.
 */
export function HomeGiveawayCard() {
  const { t, locale } = useI18n();
  const i18n = useI18nStore();
  const { brand, member } = useSession();
  const headingId = useId();
  const [giveaway, setGiveaway] = useState<HomeGiveaway | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      getHomeGiveaway(brand.id, Math.random(), new Date(), controller.signal),
      loadHomeGiveawayStrings(i18n),
    ]).then(
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
  }, [brand.id, i18n]);

  if (!giveaway) return null;
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
