import { ErrorState } from '../../../components/ui/error-state';
import { Icon } from '../../../components/ui/icons';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { useI18n } from '../../../lib/i18n';

/** `/nobrand` and unknown hostnames: no brand chrome, since there is no brand to show. */
export function BrandNotFoundPage() {
  const { t } = useI18n();
  return (
    <StandalonePage>
      <ErrorState
        icon={<Icon name="compass" size={32} />}
        title={t('errors.brandNotFound.title')}
        message={t('errors.brandNotFound.message')}
      />
    </StandalonePage>
  );
}

/** A brand that exists but cannot be served right now. */
export function BrandUnavailablePage() {
  const { t } = useI18n();
  return (
    <StandalonePage>
      <ErrorState
        icon={<Icon name="alert" size={32} />}
        title={t('errors.brandUnavailable.title')}
        message={t('errors.brandUnavailable.message')}
      />
    </StandalonePage>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { BrandNotFoundPage as Component };
