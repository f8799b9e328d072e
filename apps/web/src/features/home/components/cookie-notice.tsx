import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useCookieConsent } from '../hooks/use-cookie-consent';

/**
 * The cookie notice of the home page (spec section 2), shown until the member accepts it. It is a
 * labelled region fixed to the bottom of the screen, over the content rather than pushing it (no layout
 * shift), and it never traps focus: the page stays usable while it shows.
 */
export function CookieNotice() {
  const { t } = useI18n();
  const { brand } = useSession();
  const { isPending, accept } = useCookieConsent();
  const titleId = useId();
  if (!isPending) return null;
  return (
    <section className="cookie-notice" aria-labelledby={titleId}>
      <div className="cookie-notice__text">
        <h2 className="cookie-notice__title" id={titleId}>
          {t('shelves.cookies.title', { brand: brand.name })}
        </h2>
        <p>{t('shelves.cookies.message', { brand: brand.name })}</p>
      </div>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          accept();
          // The button disappears with the notice: keep keyboard focus in the page, not on <body>.
          document.getElementById('main')?.focus({ preventScroll: true });
        }}
      >
        {t('shelves.cookies.accept')}
      </button>
    </section>
  );
}
