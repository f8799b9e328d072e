import { useId } from 'react';
import { type ConsentChoice, useConsent } from '../../../lib/consent';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/**
 * The cookie notice of the home page (spec section 2), shown until the member chooses (issue 14, item
 * 15): accepting and refusing are two buttons of the same look and size, side by side, and either choice
 * is remembered (lib/consent.ts; analytics loads only after "accept"). It is a labelled region fixed to the
 * bottom of the screen, over the content rather than pushing it (no layout shift), below the phone menu
 * (home.css), and it never traps focus: the page stays usable while it shows. The choice can be changed
 * later under Account, Profile (`CookieSettings`).
 */
export function CookieNotice() {
  const { t } = useI18n();
  const { brand } = useSession();
  const { choice, choose } = useConsent();
  const titleId = useId();
  if (choice !== null) return null;
  const decide = (decision: ConsentChoice) => {
    choose(decision);
    // The buttons disappear with the notice: keep keyboard focus in the page, not on <body>.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <section className="cookie-notice" aria-labelledby={titleId}>
      <div className="cookie-notice__text">
        <h2 className="cookie-notice__title" id={titleId}>
          {t('shelves.cookies.title', { brand: brand.name })}
        </h2>
        <p>{t('shelves.cookies.message', { brand: brand.name })}</p>
      </div>
      <div className="cookie-notice__choices">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            decide('accepted');
          }}
        >
          {t('shelves.cookies.accept')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            decide('refused');
          }}
        >
          {t('shelves.cookies.refuse')}
        </button>
      </div>
    </section>
  );
}
