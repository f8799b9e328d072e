import { useEffect, useId, useState } from 'react';
import { useConsent } from '../../../lib/consent';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { loadShelvesStrings } from '../api/home-strings';

/**
 * The member's cookie choice, to change at any time (issue 14, item 15): what they chose, and the same
 * two buttons as the home page's notice, the current one pressed. Shown under Account, Profile.
 */
export function CookieSettings() {
  const { t } = useI18n();
  const store = useI18nStore();
  const { choice, choose } = useConsent();
  const headingId = useId();
  const [hasStrings, setHasStrings] = useState(false);

  // Its strings are the home page's (`shelves.cookies.*`), loaded here when the account opens first.
  useEffect(() => {
    loadShelvesStrings(store).then(
      () => {
        setHasStrings(true);
      },
      (error: unknown) => {
        logger.warn('The cookie settings strings could not be loaded', error);
      },
    );
  }, [store]);

  if (!hasStrings) return null;
  const status =
    choice === 'accepted'
      ? t('shelves.cookies.settings.accepted')
      : choice === 'refused'
        ? t('shelves.cookies.settings.refused')
        : t('shelves.cookies.settings.undecided');
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('shelves.cookies.settings.title')}
      </h2>
      <p className="account-section__muted">{t('shelves.cookies.settings.description')}</p>
      <p role="status">{status}</p>
      <div className="extras__actions">
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={choice === 'accepted'}
          onClick={() => {
            choose('accepted');
          }}
        >
          {t('shelves.cookies.accept')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={choice === 'refused'}
          onClick={() => {
            choose('refused');
          }}
        >
          {t('shelves.cookies.refuse')}
        </button>
      </div>
    </section>
  );
}
