import { useId, useState } from 'react';
import { SavedCardChoice } from '../../../components/payments/saved-card-choice';
import { useSavedCardPayment } from '../../../components/payments/use-saved-card-payment';
import { Dialog } from '../../../components/ui/dialog';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { type Sweep, type SweepPrice, startGiveawayPayment } from '../api/giveaways';

/** A price in major units (the spec's amounts), in the member's language. */
export function formatPrice(amount: number, currency: string, locale: Parameters<typeof formatNumber>[1]) {
  return formatNumber(amount, locale, { style: 'currency', currency });
}

/**
 * The buy-entries modal (spec section 2): the brand's packs for the member's currency and country as
 * the server priced them (entries, price, the multiplier offer a pack gets), the over-18 confirmation,
 * then a saved card (paid here) or a new one (the hosted payment page). The entries arrive, and the
 * receipt shows, once the server verified the payment.
 */
export function BuyEntriesDialog({ sweep, onClose }: { sweep: Sweep; onClose: () => void }) {
  const { t, locale } = useI18n();
  const ageId = useId();
  const [chosen, setChosen] = useState<SweepPrice | null>(sweep.prices[0] ?? null);
  const [over18, setOver18] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const payment = useSavedCardPayment();

  async function pay(price: SweepPrice) {
    setBusy(true);
    setError(null);
    try {
      const left = await startGiveawayPayment(
        { kind: 'entries', sweepId: sweep.id, priceId: price.id, over18 },
        payment.pay,
      );
      // A refused saved card: the choice says why, and the member can pay again.
      if (!left) setBusy(false);
    } catch (failure) {
      logger.warn('Could not start the entries payment', failure);
      const slug = slugOf(failure);
      setError(
        slug === 'sweep_sold_out'
          ? t('giveaways.buy.soldOut')
          : slug?.startsWith('sweeps_')
            ? t('giveaways.giveaways.disabled')
            : t('giveaways.giveaways.error'),
      );
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={t('giveaways.buy.title', { name: sweep.name })}
      description={t('giveaways.buy.description')}
      closeLabel={t('giveaways.rules.close')}
      onClose={onClose}
      className="giveaway-buy"
    >
      {sweep.prices.length === 0 ? (
        <p>{t('giveaways.buy.none')}</p>
      ) : (
        <form
          className="giveaway-buy__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen && over18 && !busy) void pay(chosen);
          }}
        >
          <fieldset className="giveaway-buy__packs">
            <legend>{t('giveaways.buy.packsLabel')}</legend>
            {sweep.prices.map((price) => (
              <label key={price.id} className="giveaway-buy__pack">
                <input
                  type="radio"
                  name="pack"
                  value={price.id}
                  checked={chosen?.id === price.id}
                  onChange={() => {
                    setChosen(price);
                  }}
                />
                <span className="giveaway-buy__pack-text">
                  <span className="giveaway-buy__pack-entries">
                    {t('giveaways.buy.pack', { entries: formatNumber(price.totalEntries, locale) })}
                  </span>
                  {price.multiplierFactor > 1 ? (
                    <span className="giveaway-buy__offer">
                      {t('giveaways.buy.multiplier', {
                        factor: formatNumber(price.multiplierFactor, locale),
                        entries: formatNumber(price.entries, locale),
                      })}
                    </span>
                  ) : null}
                </span>
                <span className="giveaway-buy__price">
                  {formatPrice(price.amount, price.currency, locale)}
                </span>
              </label>
            ))}
          </fieldset>
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
          <SavedCardChoice payment={payment} />
          <p className="giveaway-card__hint">{t('giveaways.giveaways.buyHint')}</p>
          {error ? (
            <p className="giveaway-buy__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy || !over18 || !chosen}>
            {chosen
              ? t('giveaways.buy.pay', { price: formatPrice(chosen.amount, chosen.currency, locale) })
              : t('giveaways.buy.choose')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
