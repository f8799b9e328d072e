import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';

/** The brand's support contacts and company address, from its site config. */
export function ContactSection() {
  const { t } = useI18n();
  const { brand } = useSession();
  const headingId = useId();
  const { support, companyAddress: address } = brand;
  const cityLine = [address.postcode, address.city].filter(Boolean).join(' ');
  return (
    <section className="support__card" aria-labelledby={headingId}>
      <h2 id={headingId} className="support__heading">
        {t('support.contact.heading')}
      </h2>
      <dl className="support__contacts">
        <div>
          <dt>{t('support.contact.email')}</dt>
          <dd>
            <a href={`mailto:${support.email}`} data-testid="support-email">
              {support.email}
            </a>
          </dd>
        </div>
        {support.phone ? (
          <div>
            <dt>{t('support.contact.phone')}</dt>
            <dd>
              <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`}>{support.phone}</a>
            </dd>
          </div>
        ) : null}
        {support.hours ? (
          <div>
            <dt>{t('support.contact.hours')}</dt>
            <dd>{support.hours}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('support.contact.address')}</dt>
          <dd>
            <address className="support__address" data-testid="support-address">
              {address.name}
              <br />
              {address.street}
              <br />
              {cityLine}
              {address.region ? `, ${address.region}` : ''}
              <br />
              {address.country}
            </address>
          </dd>
        </div>
      </dl>
    </section>
  );
}
