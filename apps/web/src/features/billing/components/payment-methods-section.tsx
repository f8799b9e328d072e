import { useEffect, useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import {
  type PaymentMethod,
  addPaymentMethod,
  getBilling,
  removePaymentMethod,
  setDefaultPaymentMethod,
  updatePaymentMethod,
} from '../api/billing-api';
import { CardForm } from './card-form';
import { Dialog } from '../../../components/ui/dialog';

type Mode = 'list' | 'add' | 'update';
const KNOWN_ERRORS = [
  'card_update_unavailable',
  'no_payment_method',
  'card_mismatch',
  'payment_method_not_found',
] as const;

/**
 * Account → Payment methods: saved cards (type, last four, default), add, set default, remove (after a
 * confirmation; the server passes the default to another card), update.
 */
export function PaymentMethodsSection() {
  const { t } = useI18n();
  const headingId = useId();
  const listId = useId();
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<Mode>('list');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState(false);
  const cardName = (method: PaymentMethod) =>
    t('billing.methods.card', { type: method.ccType.toUpperCase(), last: method.ccLast });

  useEffect(() => {
    const controller = new AbortController();
    getBilling(controller.signal).then(
      (billing) => {
        setMethods(billing.paymentMethods);
      },
      (loadError: unknown) => {
        if (controller.signal.aborted) return;
        logger.warn('Could not load the payment methods', loadError);
        setFailed(true);
      },
    );
    return () => {
      controller.abort();
    };
  }, []);

  async function run(action: () => Promise<PaymentMethod[]>, success: string): Promise<string | null> {
    try {
      setMethods(await action());
      setMode('list');
      setError(null);
      setNotice(success);
      return null;
    } catch (actionError) {
      const slug = KNOWN_ERRORS.find((known) => known === slugOf(actionError));
      if (slug) return t(`billing.methods.errors.${slug}`);
      logger.warn('A payment method change failed', actionError);
      return t('billing.methods.errors.failed');
    }
  }

  function startUpdate() {
    setNotice(null);
    setError(null);
    setMode('update');
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('billing.methods.title')}
      </h2>
      {failed ? <p role="alert">{t('billing.methods.errors.failed')}</p> : null}
      {methods === null ? null : methods.length === 0 ? (
        <p className="notice-card">{t('billing.methods.empty')}</p>
      ) : (
        <ul className="billing-methods" aria-label={t('billing.methods.listLabel')} id={listId}>
          {methods.map((method) => (
            <li className="billing-methods__item" key={method.paymentMethodId}>
              <span className="billing-methods__card">
                {t('billing.methods.card', { type: method.ccType.toUpperCase(), last: method.ccLast })}
              </span>
              <span className="account-section__muted">
                {t('billing.methods.expires', {
                  month: String(method.expMonth).padStart(2, '0'),
                  year: String(method.expYear).slice(-2),
                })}
              </span>
              <span className="billing-methods__actions">
                {method.isDefault ? (
                  <span className="status-badge status-badge--active">{t('billing.methods.default')}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`${t('billing.methods.makeDefault')}: ${cardName(method)}`}
                    disabled={busy}
                    onClick={() => {
                      setBusy(true);
                      void run(
                        () => setDefaultPaymentMethod(method.paymentMethodId),
                        t('billing.methods.defaultChanged'),
                      ).then((failure) => {
                        setBusy(false);
                        if (failure) setError(failure);
                      });
                    }}
                  >
                    {t('billing.methods.makeDefault')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`${t('billing.methods.remove')}: ${cardName(method)}`}
                  disabled={busy}
                  onClick={() => {
                    setNotice(null);
                    setError(null);
                    setRemoving(method);
                  }}
                >
                  {t('billing.methods.remove')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {removing ? (
        <Dialog
          title={t('billing.methods.removeTitle', { card: cardName(removing) })}
          closeOnBackdrop
          onClose={() => {
            setRemoving(null);
          }}
        >
          <p>
            {removing.isDefault && (methods?.length ?? 0) > 1
              ? t('billing.methods.removeDefaultText')
              : t('billing.methods.removeText')}
          </p>
          <form method="dialog" className="billing-actions">
            <button
              type="submit"
              className="button button--primary"
              onClick={() => {
                const target = removing;
                setBusy(true);
                void run(
                  () => removePaymentMethod(target.paymentMethodId),
                  t('billing.methods.removed', { card: cardName(target) }),
                ).then((failure) => {
                  setBusy(false);
                  if (failure) setError(failure);
                });
              }}
            >
              {t('billing.methods.removeConfirm')}
            </button>
            <button type="submit" className="button button--ghost">
              {t('billing.methods.keep')}
            </button>
          </form>
        </Dialog>
      ) : null}
      <div role="status" className="billing-notice">
        {notice}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {mode === 'list' ? (
        <div className="billing-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setNotice(null);
              setError(null);
              setMode('add');
            }}
          >
            {t('billing.methods.add')}
          </button>
          {/* With no card there is nothing to update: the empty state already says to add one (issue 14
              item 9: the refusal used to repeat it). */}
          {methods && methods.length > 0 ? (
            <button type="button" className="button button--ghost" onClick={startUpdate}>
              {t('billing.methods.update')}
            </button>
          ) : null}
        </div>
      ) : (
        <CardForm
          title={mode === 'add' ? t('billing.methods.addTitle') : t('billing.methods.updateTitle')}
          withDefault={mode === 'add'}
          onCancel={() => {
            setMode('list');
          }}
          onSave={(card, isDefault) =>
            mode === 'add'
              ? run(() => addPaymentMethod({ ...card, isDefault }), t('billing.methods.added'))
              : run(() => updatePaymentMethod(card), t('billing.methods.updated'))
          }
        />
      )}
    </section>
  );
}
