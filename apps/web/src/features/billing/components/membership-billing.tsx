import { useEffect, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/format';
import { Dialog } from '../../../components/ui/dialog';
import { type Translator, useI18n } from '../../../lib/i18n';
import { slugOf } from '../../../lib/refusal';
import { refusalText } from '../../../lib/refusal-text';
import { logger } from '../../../lib/logger';
import {
  type BillingTransaction,
  type CancellationReceipt,
  type RetentionOffer,
  acceptRetentionOffer,
  cancelSubscription,
  getBilling,
  getSubscriptions,
  presentRetentionOffer,
  restartSubscription,
} from '../api/billing-api';
import { PlanPicker } from './plan-picker';

type Subscription = Awaited<ReturnType<typeof getSubscriptions>>[number];

/** Refusals of a restart that the account words itself; any other reads by its code. */
const RESTART_ERRORS = ['not_restartable', 'not_canceled'] as const;
/** Refusals of the cancellation steps that the account words itself. */
const CANCEL_ERRORS = [
  'not_cancelable',
  'offer_already_applied',
  'offer_unavailable',
  'offer_not_presented',
  'confirmation_required',
  'forfeit_agreement_required',
] as const;

function cancelRefusalText(error: unknown, t: Translator['t']): string {
  const known = CANCEL_ERRORS.find((slug) => slug === slugOf(error));
  return known ? t(`billing.cancel.errors.${known}`) : t('billing.cancel.errors.failed');
}
type Step =
  | { kind: 'closed' }
  | { kind: 'offer'; offer: RetentionOffer }
  | { kind: 'confirm' }
  | { kind: 'receipt'; receipt: CancellationReceipt };

function useDate(timeZone: string | null) {
  const { locale } = useI18n();
  return (iso: string) => formatDate(iso, locale, timeZone);
}

/** The cancellation flow: retention offer first, then an explicit confirmation, then the receipt. */
function CancelFlow({
  subscription,
  timeZone,
  onDone,
  onOfferTaken,
}: {
  subscription: Subscription;
  timeZone: string | null;
  onDone: () => void;
  /** The membership card shows a taken offer: the account reloads it. */
  onOfferTaken: () => void;
}) {
  const { t, locale } = useI18n();
  const date = useDate(timeZone);
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [error, setError] = useState<string | null>(null);
  const [option, setOption] = useState<'standard' | 'giveaway'>('standard');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = { confirm: useId(), forfeit: useId(), options: useId() };
  const money = (offer: RetentionOffer, amount: number) => formatMoney(amount, offer.currency, locale);

  async function open() {
    setError(null);
    setNotice(null);
    try {
      // No offer (a membership without a price, or one already taken): straight to the confirmation.
      const offer = await presentRetentionOffer(subscription.refId);
      setStep(offer ? { kind: 'offer', offer } : { kind: 'confirm' });
    } catch (openError) {
      logger.warn('Could not open the cancellation', openError);
      setError(cancelRefusalText(openError, t));
    }
  }

  async function accept(offer: RetentionOffer) {
    setBusy(true);
    try {
      await acceptRetentionOffer(subscription.refId);
      setStep({ kind: 'closed' });
      setNotice(t('billing.cancel.offerAccepted', { price: money(offer, offer.priceMinor) }));
      onOfferTaken();
    } catch (acceptError) {
      logger.warn('Could not accept the offer', acceptError);
      setError(cancelRefusalText(acceptError, t));
    } finally {
      setBusy(false);
    }
  }

  async function finish(form: HTMLFormElement) {
    const data = new FormData(form);
    const confirm = data.get('confirm') === 'on';
    const forfeit = data.get('forfeit') === 'on';
    if (!confirm) {
      setError(t('billing.cancel.errors.confirmation_required'));
      return;
    }
    if (option === 'giveaway' && !forfeit) {
      setError(t('billing.cancel.errors.forfeit_agreement_required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const receipt = await cancelSubscription({
        subscriptionId: subscription.refId,
        confirm,
        option,
        forfeitMonthlyExclusiveEntries: forfeit,
      });
      setStep({ kind: 'receipt', receipt });
    } catch (cancelError) {
      logger.warn('The cancellation failed', cancelError);
      setError(cancelRefusalText(cancelError, t));
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    const done = step.kind === 'receipt';
    setStep({ kind: 'closed' });
    setError(null);
    if (done) onDone();
  };

  return (
    <>
      <div className="billing-actions">
        <button type="button" className="button button--ghost" onClick={() => void open()}>
          {t('billing.cancel.open')}
        </button>
      </div>
      <div role="status" className="billing-notice">
        {notice}
      </div>
      {step.kind === 'closed' && error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {step.kind === 'offer' ? (
        <Dialog title={t('billing.cancel.offerTitle')} onClose={close}>
          <p>
            {t('billing.cancel.offerText', {
              price: money(step.offer, step.offer.priceMinor),
              regular: money(step.offer, step.offer.regularPriceMinor),
            })}
          </p>
          <div className="form-error" role="alert">
            {error}
          </div>
          <div className="billing-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void accept(step.offer)}
            >
              {t('billing.cancel.acceptOffer', { price: money(step.offer, step.offer.priceMinor) })}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setError(null);
                setStep({ kind: 'confirm' });
              }}
            >
              {t('billing.cancel.continue')}
            </button>
          </div>
        </Dialog>
      ) : null}
      {step.kind === 'confirm' ? (
        <Dialog title={t('billing.cancel.confirmTitle')} onClose={close}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void finish(event.currentTarget);
            }}
          >
            {subscription.nextBillingDate ? (
              <p>{t('billing.cancel.confirmText', { date: date(subscription.nextBillingDate) })}</p>
            ) : null}
            <fieldset className="billing-options">
              <legend id={ids.options}>{t('billing.cancel.optionsLabel')}</legend>
              <label className="billing-check">
                <input
                  type="radio"
                  name="option"
                  value="standard"
                  checked={option === 'standard'}
                  onChange={() => {
                    setOption('standard');
                  }}
                />{' '}
                {t('billing.cancel.optionStandard')}
              </label>
              <label className="billing-check">
                <input
                  type="radio"
                  name="option"
                  value="giveaway"
                  checked={option === 'giveaway'}
                  onChange={() => {
                    setOption('giveaway');
                  }}
                />{' '}
                {t('billing.cancel.optionGiveaway')}
              </label>
              {option === 'giveaway' ? (
                <label className="billing-check" htmlFor={ids.forfeit}>
                  <input id={ids.forfeit} type="checkbox" name="forfeit" /> {t('billing.cancel.forfeit')}
                </label>
              ) : null}
            </fieldset>
            <label className="billing-check" htmlFor={ids.confirm}>
              <input id={ids.confirm} type="checkbox" name="confirm" /> {t('billing.cancel.confirm')}
            </label>
            <div className="form-error" role="alert">
              {error}
            </div>
            <div className="billing-actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {t('billing.cancel.finish')}
              </button>
              <button type="button" className="button button--ghost" onClick={close}>
                {t('billing.cancel.back')}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
      {step.kind === 'receipt' ? (
        <Dialog role="alertdialog" title={t('billing.cancel.receiptTitle')} onClose={close}>
          <p>
            {t('billing.cancel.receiptText', {
              date: step.receipt.accessUntil ? date(step.receipt.accessUntil) : '—',
              ref: step.receipt.cancelRefId,
            })}
          </p>
          <form method="dialog">
            <button type="submit" className="button button--primary">
              {t('billing.cancel.close')}
            </button>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * Restarts a canceled membership. Its outcome is told through `onMessage`, shown by the parent: once the
 * restart succeeds the reloaded state replaces this button with the cancel flow, and the message must stay.
 */
function RestartButton({
  subscription,
  onDone,
  onMessage,
}: {
  subscription: Subscription;
  onDone: () => void;
  onMessage: (message: string) => void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  async function restart() {
    setBusy(true);
    try {
      const result = await restartSubscription(subscription.refId);
      if (result.checkoutUrl) {
        window.location.assign(result.checkoutUrl);
        return;
      }
      onMessage(t('billing.restart.restarted'));
      if (result.restarted) onDone();
    } catch (restartError) {
      logger.warn('Could not restart the membership', restartError);
      // The server's reason, as it gave it: "cannot be restarted" is not "please try again".
      const known = RESTART_ERRORS.find((slug) => slug === slugOf(restartError));
      onMessage(known ? t(`billing.restart.errors.${known}`) : refusalText(restartError, t));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="billing-actions">
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void restart()}>
        {t('billing.restart.button')}
      </button>
    </div>
  );
}

function BillingHistory({ items, timeZone }: { items: BillingTransaction[]; timeZone: string | null }) {
  const { t, locale } = useI18n();
  const date = useDate(timeZone);
  const headingId = useId();
  return (
    <>
      <h3 className="account-section__subtitle" id={headingId}>
        {t('billing.history.title')}
      </h3>
      {items.length === 0 ? (
        <p className="account-section__muted">{t('billing.history.empty')}</p>
      ) : (
        <div className="billing-table-wrap">
          <table className="billing-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('billing.history.date')}</th>
                <th scope="col">{t('billing.history.description')}</th>
                <th scope="col">{t('billing.history.amount')}</th>
                <th scope="col">{t('billing.history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>{date(item.date)}</td>
                  <td>{item.description}</td>
                  <td>{formatMoney(item.amount, item.currency, locale)}</td>
                  <td>{t(`billing.history.statuses.${item.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Under Account → Membership: cancel (or restart) the current membership, and the billing history. */
export function MembershipBilling({ timeZone }: { timeZone: string | null }) {
  const revalidator = useRevalidator();
  const [data, setData] = useState<{ subscriptions: Subscription[]; history: BillingTransaction[] } | null>(
    null,
  );
  const [generation, setGeneration] = useState(0);
  const [restartMessage, setRestartMessage] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getSubscriptions(controller.signal), getBilling(controller.signal)]).then(
      ([subscriptions, billing]) => {
        setData({ subscriptions, history: billing.billingHistory });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) logger.warn('Could not load the billing details', error);
      },
    );
    return () => {
      controller.abort();
    };
  }, [generation, revalidator.state]);

  if (!data) return null;
  const running = data.subscriptions.filter((item) => item.isActive && item.cancelRefId === null);
  const cancelable = running[0];
  const restartable = cancelable ? undefined : data.subscriptions[0];
  const refresh = () => {
    setGeneration((value) => value + 1);
    void revalidator.revalidate();
  };
  return (
    <>
      <section className="account-section billing-membership">
        {cancelable ? (
          <CancelFlow
            subscription={cancelable}
            timeZone={timeZone}
            onDone={refresh}
            onOfferTaken={() => void revalidator.revalidate()}
          />
        ) : null}
        {restartable ? (
          <RestartButton subscription={restartable} onDone={refresh} onMessage={setRestartMessage} />
        ) : null}
        <div role="status" className="billing-notice">
          {restartMessage}
        </div>
        <BillingHistory items={data.history} timeZone={timeZone} />
      </section>
      <PlanPicker
        runningPlanIds={running.flatMap((item) => item.offers.map((offer) => offer.id))}
        hasMembership={running.length > 0}
      />
    </>
  );
}
