import { type SyntheticEvent, useId, useState } from 'react';
import { addressLines } from '../../../lib/address-format';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { type ShopCheckout, chooseShipping, payCheckout } from '../api/marketplace';
import { checkoutErrorText } from './checkout-errors';
import { SavedCardChoice } from '../../../components/payments/saved-card-choice';
import { NEW_CARD, useSavedCardPayment } from '../../../components/payments/use-saved-card-payment';

function methodKey(method: string) {
  return method === 'express'
    ? 'marketplace.checkout.shipping.express'
    : 'marketplace.checkout.shipping.standard';
}

/** The shipping step: the methods the server offers, each with what this member pays for it. */
export function ShippingStep({
  checkout,
  onChosen,
}: {
  checkout: ShopCheckout;
  onChosen: (checkout: ShopCheckout) => void;
}) {
  const { t, locale } = useI18n();
  const [method, setMethod] = useState(checkout.shippingMethod ?? checkout.shippingOptions[0]?.method ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onChosen(await chooseShipping(method));
    } catch (failure) {
      logger.warn('Could not choose the shipping method', failure);
      setError(checkoutErrorText(slugOf(failure), t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="market-form" onSubmit={(event) => void submit(event)}>
      <fieldset className="market-options">
        <legend className="field__label">{t('marketplace.checkout.shipping.legend')}</legend>
        {checkout.shippingOptions.map((option) => (
          <label key={option.method} className="market-options__option">
            <input
              type="radio"
              name="shipping"
              value={option.method}
              checked={method === option.method}
              onChange={() => {
                setMethod(option.method);
              }}
            />
            <span className="market-options__name">{t(methodKey(option.method))}</span>
            <span className="market-options__fee">
              {option.fee === 0
                ? t('marketplace.checkout.free')
                : formatMoney(option.fee, checkout.currency, locale)}
              {option.fee !== option.listFee ? (
                <del className="market__muted"> {formatMoney(option.listFee, checkout.currency, locale)}</del>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      <p role="alert" className="market__error">
        {error}
      </p>
      <button type="submit" className="button button--primary" disabled={busy || !method}>
        {t('marketplace.checkout.shipping.submit')}
      </button>
    </form>
  );
}

/**
 * The payment step: where the order ships and how, then the hosted payment page for the total the
 * server prices (as the wallet's coin purchase does); the page sends the member back to the confirmation.
 */
export function PaymentStep({ checkout, declined }: { checkout: ShopCheckout; declined: boolean }) {
  const { t, locale } = useI18n();
  const coinsId = useId();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offer = checkout.coinOffer;
  const [useCoins, setUseCoins] = useState(false);
  const withCoins = useCoins && offer.coins > 0;
  const money = (minor: number) => formatMoney(minor, checkout.currency, locale);
  const info = checkout.information;
  // The card's part is paid with a saved card here, or on the payment page with a new one.
  const payment = useSavedCardPayment();
  const cardPays = !(withCoins && offer.cardMinor === 0);

  async function pay(): Promise<void> {
    setPaying(true);
    setError(null);
    try {
      if (!(await payment.pay(() => payCheckout(checkout.id, withCoins)))) setPaying(false);
    } catch (failure) {
      logger.warn('Could not open the payment page', failure);
      setPaying(false);
      setError(checkoutErrorText(slugOf(failure), t));
    }
  }

  const notice = declined
    ? t('marketplace.checkout.payment.declined')
    : checkout.failureCode
      ? checkoutErrorText(checkout.failureCode, t)
      : null;

  return (
    <div className="market-form">
      <dl className="market-review">
        {info ? (
          <div>
            <dt>{t('marketplace.checkout.payment.shipTo')}</dt>
            <dd>{addressLines(info, locale).join(' · ')}</dd>
          </div>
        ) : null}
        {checkout.shippingMethod ? (
          <div>
            <dt>{t('marketplace.checkout.payment.method')}</dt>
            <dd>{t(methodKey(checkout.shippingMethod))}</dd>
          </div>
        ) : null}
      </dl>
      {notice ? (
        <p className="market__error" role="alert">
          {notice}
        </p>
      ) : null}
      {offer.coins > 0 ? (
        <div className="market-coins">
          <label className="market-coins__choice" htmlFor={coinsId}>
            <input
              id={coinsId}
              type="checkbox"
              checked={useCoins}
              onChange={(event) => {
                setUseCoins(event.target.checked);
              }}
            />
            <span>
              {t('marketplace.checkout.payment.useCoins', {
                coins: formatNumber(offer.coins, locale),
                amount: money(offer.valueMinor),
              })}
              <span className="market__muted market-coins__balance">
                {t('marketplace.checkout.payment.coinBalance', {
                  balance: formatNumber(checkout.coinBalance, locale),
                })}
              </span>
            </span>
          </label>
          {withCoins ? (
            <dl className="market-totals">
              <div>
                <dt>{t('marketplace.checkout.payment.coinsPart')}</dt>
                <dd>−{money(offer.valueMinor)}</dd>
              </div>
              <div className="market-totals__total">
                <dt>{t('marketplace.checkout.payment.cardPart')}</dt>
                <dd>{money(offer.cardMinor)}</dd>
              </div>
            </dl>
          ) : null}
        </div>
      ) : null}
      {cardPays ? <SavedCardChoice payment={payment} /> : null}
      <button type="button" className="button button--primary" disabled={paying} onClick={() => void pay()}>
        {withCoins && offer.cardMinor === 0
          ? t('marketplace.checkout.payment.payWithCoins', { coins: formatNumber(offer.coins, locale) })
          : t('marketplace.checkout.payment.pay', {
              total: money(withCoins ? offer.cardMinor : checkout.total),
            })}
      </button>
      <p role="status" aria-live="polite" className="market__muted">
        {paying && (payment.choice === NEW_CARD || !cardPays)
          ? t('marketplace.checkout.payment.redirecting')
          : null}
      </p>
      <p role="alert" className="market__error">
        {error}
      </p>
    </div>
  );
}
