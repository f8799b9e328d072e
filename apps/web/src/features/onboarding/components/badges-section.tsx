import { useEffect, useId } from 'react';

import { SectionState } from '../../../components/ui/section-state';
import { Icon } from '../../../components/ui/icons';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { useLoaded } from '../../../lib/use-loaded';
import { getOnboarding, loadOnboardingStrings } from '../api/onboarding';
import '../onboarding.css';

/** The badges the server says the member holds (the Explorer Badge of the onboarding), on the profile. */
export function BadgesSection() {
  const { t } = useI18n();
  const store = useI18nStore();
  const headingId = useId();
  const { state, reload } = useLoaded(async (signal) => {
    const [onboarding] = await Promise.all([getOnboarding(signal), loadOnboardingStrings(store)]);
    return onboarding.badges;
  });
  useEffect(() => {
    // Strings for the heading before the badges arrive.
    void loadOnboardingStrings(store).catch(() => undefined);
  }, [store]);
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('onboarding.badges.title')}
      </h2>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' ? (
        state.value.includes('explorer') ? (
          <ul className="badges">
            <li className="badge" data-testid="badge-explorer">
              <span className="badge__icon" aria-hidden="true">
                <Icon name="sparkles" />
              </span>
              <span>
                <strong className="badge__name">{t('onboarding.badges.explorer.name')}</strong>
                <span className="badge__text">{t('onboarding.badges.explorer.text')}</span>
              </span>
            </li>
          </ul>
        ) : (
          <p className="account-section__muted">{t('onboarding.badges.none')}</p>
        )
      ) : null}
    </section>
  );
}
