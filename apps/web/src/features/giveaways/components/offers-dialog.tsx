import type { UpsellSource } from '@member/domain';
import { useId, useState } from 'react';
import { SavedCardChoice } from '../../../components/payments/saved-card-choice';
import { useSavedCardPayment } from '../../../components/payments/use-saved-card-payment';
import { Dialog } from '../../../components/ui/dialog';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { type UpsellOfferView, startGiveawayPayment } from '../api/giveaways';
import { formatPrice } from './buy-entries-dialog';

/**
 * The upsell modal, the bonus offer modal and the failed-upsell funnel modal (spec section 2): the
 * offers the server priced and allowed (`variant` is where they are taken from), each paid after the
 * over-18 confirmation with a saved card or a new one (the hosted payment page). "No thanks" closes it.
 */
export function OffersDialog({
  variant,
  sweepId,
  offers,
  onClose,
}: {
  variant: UpsellSource;
  sweepId: number;
  offers: readonly UpsellOfferView[];
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const ageId = useId();
  const [over18, setOver18] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const payment = useSavedCardPayment();

  async function take(offer: UpsellOfferView) {
    setBusy(true);
    setError(null);
    try {
      const left = await startGiveawayPayment(
        { kind: 'upsell', sweepId, offer: offer.offer, source: variant, over18 },
        payment.pay,
      );
      // A refused saved card: the choice says why, and the member can take an offer again.
      if (!left) setBusy(false);
    } catch (failure) {
      logger.warn('Could not start the offer payment', failure);
      setError(
        slugOf(failure) === 'upsell_offer_unavailable'
          ? t('giveaways.offers.unavailable')
          : t('giveaways.giveaways.error'),
      );
      setBusy(false);
    }
  }

  const describe = (offer: UpsellOfferView) => {
    const price = formatPrice(offer.amount, offer.currency, locale);
    switch (offer.offer) {
      case 'access':
        return {
          text: t('giveaways.offers.access', {
            plan: offer.planName ?? '',
            days: formatNumber(offer.accessDays ?? 0, locale),
            price,
          }),
          action: t('giveaways.offers.takeAccess', {
            days: formatNumber(offer.accessDays ?? 0, locale),
            price,
          }),
        };
      case 'triple':
        return {
          text: t('giveaways.offers.triple', { entries: formatNumber(offer.entries ?? 0, locale), price }),
          action: t('giveaways.offers.takeTriple', { price }),
        };
      case 'bonus':
        return {
          text: t('giveaways.offers.bonus', {
            entries: formatNumber(offer.entries ?? 0, locale),
            price,
            regular: formatPrice(offer.regularAmount ?? offer.amount, offer.currency, locale),
          }),
          action: t('giveaways.offers.takeBonus', {
            entries: formatNumber(offer.entries ?? 0, locale),
            price,
          }),
        };
    }
  };

  return (
    <Dialog
      title={t(`giveaways.offers.${variant}Title`)}
      description={t(`giveaways.offers.${variant}Text`)}
      onClose={onClose}
      className="giveaway-offers"
    >
      {offers.length === 0 ? <p>{t('giveaways.offers.none')}</p> : null}
      {offers.length > 0 ? (
        <label className="giveaway-card__age" htmlFor={ageId}>
          <input
            id={ageId}
            type="checkbox"
            checked={over18}
            onChange={(event) => {
              setOver18(event.target.checked);
            }}
          />{' '}
          {t('giveaways.giveaways.over18')}
        </label>
      ) : null}
      {offers.length > 0 ? <SavedCardChoice payment={payment} /> : null}
      <ul className="giveaway-offers__list">
        {offers.map((offer) => {
          const { text, action } = describe(offer);
          return (
            <li key={offer.offer} className="giveaway-offers__offer">
              <p>{text}</p>
              <button
                type="button"
                className="button button--primary"
                disabled={busy || !over18}
                onClick={() => void take(offer)}
              >
                {action}
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="giveaway-buy__error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="dialog">
        <button type="submit" className="button">
          {offers.length > 0 ? t('giveaways.offers.noThanks') : t('giveaways.receipt.close')}
        </button>
      </form>
    </Dialog>
  );
}
