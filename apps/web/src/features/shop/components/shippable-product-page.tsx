import { ComingSoonPage } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';

/** `/shippable/id/:id`. Filled by a later release; until then, its heading and an honest coming-soon state. */
export function ShippableProductPage() {
  const { t } = useI18n();
  return <ComingSoonPage title={t('shop.productTitle')} />;
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ShippableProductPage as Component };
