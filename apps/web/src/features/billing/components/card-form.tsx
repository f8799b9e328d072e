import { formatCardNumberInput, formatCvcInput, formatExpiryInput, isCompleteExpiry } from '@member/domain';
import { useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { paymentFlowCall } from '../api/payment-flow';
import { FormField } from '../../../components/ui/form-field';

/** What the provider reports of a confirmed card. */
export interface ConfirmedCard {
  paymentMethodId: string;
  ccLast: string;
  ccType: string;
}

const DIGITS = /^[\d\s-]{12,23}$/;

/**
 * Card entry through a setup intent on the sandbox provider (Stripe.js does this step with real
 * Stripe): customer, setup intent, confirmation, then the provider's own view of the card.
 */
async function confirmCard(
  card: { number: string; expiry: string; cvc: string },
  onError: (code: string | null) => void,
): Promise<ConfirmedCard | null> {
  if (!(await paymentFlowCall('/paymentflow/stripe/customer/create', {}, onError))) return null;
  const intent = await paymentFlowCall('/paymentflow/stripe/setup-intent/create', {}, onError);
  const clientSecret = intent && !Array.isArray(intent) ? intent.clientSecret : null;
  if (typeof clientSecret !== 'string') return null;
  const confirmed = await paymentFlowCall(
    '/paymentflow/sandbox/setup-intent/confirm',
    { clientSecret, ...card },
    onError,
  );
  const paymentMethodId = confirmed && !Array.isArray(confirmed) ? confirmed.paymentMethodId : null;
  if (typeof paymentMethodId !== 'string') return null;
  const method = await paymentFlowCall(
    '/paymentflow/stripe/payment-method/get',
    { paymentMethodId },
    onError,
  );
  if (
    !method ||
    Array.isArray(method) ||
    typeof method.ccLast !== 'string' ||
    typeof method.ccType !== 'string'
  ) {
    return null;
  }
  return { paymentMethodId, ccLast: method.ccLast, ccType: method.ccType };
}

interface CardFormProps {
  title: string;
  /** Offer "use as default" (adding); an update always replaces the default. */
  withDefault: boolean;
  onSave: (card: ConfirmedCard, isDefault: boolean) => Promise<string | null>;
  onCancel: () => void;
}

export function CardForm({ title, withDefault, onSave, onCancel }: CardFormProps) {
  const { t } = useI18n();
  const ids = { error: useId(), title: useId() };
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Controlled, so an error never wipes what was typed (issue 14 item 5); formatted as it is typed.
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [isDefault, setIsDefault] = useState(false);

  async function submit() {
    if (!DIGITS.test(card.number) || !isCompleteExpiry(card.expiry) || !/^\d{3,4}$/.test(card.cvc.trim())) {
      setError(t('billing.methods.errors.invalid_card'));
      return;
    }
    setBusy(true);
    setError(null);
    const failure: { code: string | null } = { code: null };
    const confirmed = await confirmCard(card, (next) => {
      failure.code = next;
    });
    if (!confirmed) {
      setBusy(false);
      const reason = failure.code;
      setError(
        reason === 'card_declined' || reason === 'expired_card'
          ? t('billing.methods.errors.declined')
          : reason?.startsWith('invalid_') || reason === 'expired'
            ? t('billing.methods.errors.invalid_card')
            : reason === 'provider_hosted'
              ? t('billing.methods.errors.provider_hosted')
              : t('billing.methods.errors.failed'),
      );
      return;
    }
    const saveError = await onSave(confirmed, isDefault);
    setBusy(false);
    if (saveError) setError(saveError);
  }

  return (
    <form
      className="billing-card-form"
      aria-labelledby={ids.title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="account-section__subtitle" id={ids.title}>
        {title}
      </h3>
      <FormField
        label={t('billing.methods.cardNumber')}
        name="number"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        required
        value={card.number}
        onChange={(event) => {
          setCard({ ...card, number: formatCardNumberInput(event.target.value) });
        }}
      />
      <div className="billing-card-form__row">
        <FormField
          label={t('billing.methods.expiry')}
          hint={t('billing.methods.expiryHint')}
          name="expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('billing.methods.expiryHint')}
          maxLength={7}
          required
          value={card.expiry}
          onChange={(event) => {
            setCard({ ...card, expiry: formatExpiryInput(event.target.value) });
          }}
        />
        <FormField
          label={t('billing.methods.cvc')}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          required
          value={card.cvc}
          onChange={(event) => {
            setCard({ ...card, cvc: formatCvcInput(event.target.value) });
          }}
        />
      </div>
      {withDefault ? (
        <label className="billing-check">
          <input
            type="checkbox"
            name="default"
            checked={isDefault}
            onChange={(event) => {
              setIsDefault(event.target.checked);
            }}
          />{' '}
          {t('billing.methods.setDefault')}
        </label>
      ) : null}
      <p className="account-section__muted">{t('billing.methods.testCards')}</p>
      <div className="form-error" id={ids.error} role="alert">
        {error}
      </div>
      <div className="billing-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('billing.methods.saving') : t('billing.methods.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {t('billing.methods.cancel')}
        </button>
      </div>
    </form>
  );
}
