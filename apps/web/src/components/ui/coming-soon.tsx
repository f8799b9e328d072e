import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { Icon } from './icons';

/** The honest state of a screen that a later release fills (spec section 8: "coming soon"). */
export function ComingSoon({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const { brand } = useSession();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="notice-card">
      <span className="notice-card__icon">
        <Icon name="sparkles" size={28} />
      </span>
      <Heading className="notice-card__title">{t('common.comingSoonTitle')}</Heading>
      <p className="notice-card__text">{t('common.comingSoonMessage', { brand: brand.name })}</p>
    </section>
  );
}
