import { useLoaderData } from 'react-router';
import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import type { checkoutLoader } from '../api/checkout-loader';

/** `/marketplace/checkout/:step?`: information, shipping, payment, then the order confirmation. */
export function CheckoutPage() {
  const { t } = useI18n();
  const { step } = useLoaderData<typeof checkoutLoader>();
  return (
    <ComingSoonPage
      title={t('marketplace.checkoutTitle')}
      subtitle={t(`marketplace.checkoutSteps.${step}`)}
    />
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { CheckoutPage as Component };
