import { Dialog } from '../../../components/ui/dialog';
import { formatDate, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { GiveawayReceipt } from '../api/giveaways';
import { formatPrice } from './buy-entries-dialog';

/**
 * The payment receipt of a giveaway purchase, as the server verified and granted it: the amount, the
 * entries granted (or the membership started) and the transaction id. Pending while the server has not
 * confirmed it; never "received" on the payment return's word.
 */
export function ReceiptDialog({
  receipt,
  outcome,
  onClose,
}: {
  receipt: GiveawayReceipt | null;
  outcome: GiveawayReceipt['outcome'];
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const paid = outcome === 'paid' && receipt !== null;
  const access = paid && receipt.offer === 'access';
  const facts = paid
    ? [
        { term: t('giveaways.receipt.amount'), value: formatPrice(receipt.amount, receipt.currency, locale) },
        receipt.entries !== null
          ? { term: t('giveaways.receipt.entries'), value: formatNumber(receipt.entries, locale) }
          : null,
        receipt.planName ? { term: t('giveaways.receipt.plan'), value: receipt.planName } : null,
        receipt.nextBillingDate
          ? {
              term: t('giveaways.receipt.nextBilling'),
              value: formatDate(receipt.nextBillingDate, locale, member?.timezone ?? null, 'medium'),
            }
          : null,
        receipt.transactionId
          ? { term: t('giveaways.receipt.transaction'), value: receipt.transactionId }
          : null,
      ].filter((fact): fact is { term: string; value: string } => fact !== null)
    : [];
  const text = {
    paid: access ? 'giveaways.receipt.accessText' : 'giveaways.receipt.paidText',
    pending: 'giveaways.receipt.pendingText',
    failed: 'giveaways.receipt.failedText',
  } as const;
  return (
    <Dialog role="alertdialog" title={t(`giveaways.receipt.${outcome}Title`)} onClose={onClose}>
      <p>{t(text[outcome])}</p>
      {facts.length > 0 ? (
        <dl className="giveaway-receipt">
          {facts.map((fact) => (
            <div key={fact.term}>
              <dt>{fact.term}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <form method="dialog">
        <button type="submit" className="button button--primary">
          {t('giveaways.receipt.close')}
        </button>
      </form>
    </Dialog>
  );
}
