import { useId } from 'react';
import { useI18n } from '../../lib/i18n';
import { NEW_CARD, type SavedCardPayment } from './use-saved-card-payment';
import './saved-card-choice.css';

/**
 * The choice of how to pay a purchase: each saved card (the default chosen first) or "Use a new card"
 * (the hosted payment page), with the payment's refusal under it. Without saved cards it shows only a
 * line on saving one. The purchase's own button calls `payment.pay(start)`.
 */
export function SavedCardChoice({ payment }: { payment: SavedCardPayment }) {
  const { t } = useI18n();
  const name = useId();
  const hintId = useId();
  const { cards } = payment;
  if (cards === null) return null;
  if (cards.length === 0) {
    return (
      <>
        <p className="saved-cards__hint">{t('payments.addCard')}</p>
        {payment.error ? (
          <p role="alert" className="saved-cards__error">
            {payment.error}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <div className="saved-cards">
      <fieldset className="saved-cards__set" disabled={payment.paying}>
        <legend className="saved-cards__legend">{t('payments.legend')}</legend>
        {cards.map((card) => (
          <label key={card.paymentMethodId} className="saved-cards__option">
            <input
              type="radio"
              name={name}
              value={card.paymentMethodId}
              checked={payment.choice === card.paymentMethodId}
              onChange={() => {
                payment.choose(card.paymentMethodId);
              }}
            />
            <span className="saved-cards__card">
              {t('payments.card', { type: card.ccType.toUpperCase(), last: card.ccLast })}
              <span className="saved-cards__muted">
                {' · '}
                {t('payments.expires', {
                  month: String(card.expMonth).padStart(2, '0'),
                  year: String(card.expYear).slice(-2),
                })}
                {card.isDefault ? ` · ${t('payments.default')}` : ''}
              </span>
            </span>
          </label>
        ))}
        <label className="saved-cards__option">
          <input
            type="radio"
            name={name}
            value={NEW_CARD}
            aria-describedby={hintId}
            checked={payment.choice === NEW_CARD}
            onChange={() => {
              payment.choose(NEW_CARD);
            }}
          />
          <span className="saved-cards__card">
            {t('payments.newCard')}
            <span className="saved-cards__muted" id={hintId}>
              {' · '}
              {t('payments.newCardHint')}
            </span>
          </span>
        </label>
      </fieldset>
      <p role="status" aria-live="polite" className="saved-cards__status">
        {payment.paying && payment.choice !== NEW_CARD ? t('payments.paying') : null}
      </p>
      {payment.error ? (
        <p role="alert" className="saved-cards__error">
          {payment.error}
        </p>
      ) : null}
    </div>
  );
}
