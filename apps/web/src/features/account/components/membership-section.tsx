import { carriedMediaTypes, discountedPrice, isMediaType } from '@member/domain';
import { useId } from 'react';
import { formatDate, formatMoney } from '../../../lib/format';
import { useI18n, type Translator } from '../../../lib/i18n';
import { useOptionalSession } from '../../../lib/session';
import type { Membership, MembershipSubscription, SubscriptionSummary } from '../api/get-membership';

export type MembershipStatus = 'trial' | 'active' | 'inactive' | 'canceled';

/** The status shown for the whole account: canceled when every subscription is, else the server's. */
export function accountStatus(summary: SubscriptionSummary): MembershipStatus {
  return summary.isCanceled ? 'canceled' : summary.displayStatus;
}

function subscriptionStatus(subscription: MembershipSubscription): MembershipStatus {
  if (subscription.cancelRefId !== null) return 'canceled';
  if (!subscription.isActive) return 'inactive';
  return subscription.isTrial ? 'trial' : 'active';
}

function mediaTypeName(type: string, t: Translator['t']): string {
  if (type === 'vpn') return t('vpn.title');
  return isMediaType(type) ? t(`media.${type}.title`) : type;
}

function StatusBadge({ status }: { status: MembershipStatus }) {
  const { t } = useI18n();
  return (
    <span className={`status-badge status-badge--${status}`}>
      {t(`account.membership.statuses.${status}`)}
    </span>
  );
}

interface MembershipSectionProps {
  membership: Membership;
  /** The member's IANA time zone (from their claims); dates are shown in it. */
  timeZone: string | null;
}

/** Account → Membership: plan, status, next billing date, media types and every subscription. */
export function MembershipSection({ membership, timeZone }: MembershipSectionProps) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const mediaId = useId();
  const listId = useId();
  const { subscription: summary, subscriptions } = membership;
  const date = (iso: string) => formatDate(iso, locale, timeZone);
  const status = accountStatus(summary);
  // Only what this brand carries: a plan of every brand may include games a brand does not have.
  const brand = useOptionalSession()?.brand;
  const shownMediaTypes = brand
    ? carriedMediaTypes(summary.activeMediaTypes, brand.mediaTypes)
    : summary.activeMediaTypes;

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('account.sections.membership')}
      </h2>

      {subscriptions.length === 0 ? (
        <div className="notice-card">
          <h3 className="notice-card__title">{t('account.membership.emptyTitle')}</h3>
          <p className="notice-card__text">{t('account.membership.emptyMessage')}</p>
        </div>
      ) : (
        <>
          <dl className="membership-summary">
            <div className="membership-summary__item">
              <dt>{t('account.membership.plan')}</dt>
              <dd className="membership-summary__plan">{summary.planName}</dd>
            </div>
            <div className="membership-summary__item">
              <dt>{t('account.membership.status')}</dt>
              <dd>
                <StatusBadge status={status} />
              </dd>
            </div>
            <div className="membership-summary__item">
              <dt>{t('account.membership.nextBillingDate')}</dt>
              <dd>
                {summary.nextBillingDate && status !== 'canceled'
                  ? date(summary.nextBillingDate)
                  : t('account.membership.noNextBilling')}
              </dd>
            </div>
          </dl>

          {status === 'canceled' ? (
            <p className="membership-note">
              {summary.isActive
                ? summary.endDate
                  ? t('account.membership.accessUntil', { date: date(summary.endDate) })
                  : t('account.membership.accessUntilPeriodEnd')
                : summary.endDate
                  ? t('account.membership.endedOn', { date: date(summary.endDate) })
                  : null}
            </p>
          ) : null}

          <h3 className="account-section__subtitle" id={mediaId}>
            {t('account.membership.mediaTypes')}
          </h3>
          {shownMediaTypes.length > 0 ? (
            <ul className="chip-list" aria-labelledby={mediaId}>
              {shownMediaTypes.map((type) => (
                <li className="chip" key={type}>
                  {mediaTypeName(type, t)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="account-section__muted">{t('account.membership.noMediaTypes')}</p>
          )}

          <h3 className="account-section__subtitle" id={listId}>
            {t('account.membership.subscriptionsTitle')}
          </h3>
          <ul className="subscription-list" aria-labelledby={listId}>
            {subscriptions.map((item) => {
              const itemStatus = subscriptionStatus(item);
              return (
                <li className="subscription-list__item" key={item.id}>
                  <span className="subscription-list__plan">{item.planName}</span>
                  <StatusBadge status={itemStatus} />
                  <span className="subscription-list__dates">
                    {t('account.membership.startedOn', { date: date(item.startDate) })}
                    {item.endDate
                      ? ` · ${t(item.isActive ? 'account.membership.endsOn' : 'account.membership.endedOnShort', { date: date(item.endDate) })}`
                      : item.nextBillingDate && item.isActive
                        ? ` · ${t('account.membership.renewsOn', { date: date(item.nextBillingDate) })}`
                        : null}
                  </span>
                  {item.renewalDiscountPercent > 0 && item.isActive && item.cancelRefId === null ? (
                    <span className="subscription-list__offer">
                      {t('account.membership.offerTaken', {
                        price: formatMoney(
                          discountedPrice(item.priceMinor, item.renewalDiscountPercent),
                          item.currency,
                          locale,
                        ),
                        regular: formatMoney(item.priceMinor, item.currency, locale),
                      })}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}

      <p className="account-section__muted">
        {t('account.membership.referenceNumber')}:{' '}
        <span className="reference">{membership.referenceNumber}</span>
      </p>
    </section>
  );
}
