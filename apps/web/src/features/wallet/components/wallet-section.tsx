import { useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';
import { slugOf } from '../../../lib/refusal';
import { type Wallet, buyCoins, getWallet } from '../api/wallet';
import { formatCoins, formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { ledgerLine } from './ledger-line';
import { SectionState } from '../../../components/ui/section-state';
import { useLoaded } from '../../../lib/use-loaded';
import { SavedCardChoice } from '../../../components/payments/saved-card-choice';
import { NEW_CARD, useSavedCardPayment } from '../../../components/payments/use-saved-card-payment';

/** Account → Wallet: the coin balance, the ledger's transactions and coin packs to buy. */
export function WalletSection() {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const headingId = useId();
  const tableId = useId();
  const { state, reload, set } = useLoaded((signal) => getWallet(signal));
  const [buying, setBuying] = useState<string | null>(null);
  const [buyError, setBuyError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // A saved card pays the pack here; "use a new card" goes to the payment page (issue 14 item 5).
  const payment = useSavedCardPayment();

  async function handleBuy(packId: string): Promise<void> {
    setBuying(packId);
    setBuyError(null);
    try {
      if (!(await payment.pay(() => buyCoins(packId)))) setBuying(null);
    } catch (error) {
      logger.warn('Could not start buying coins', error);
      setBuying(null);
      setBuyError(
        slugOf(error) === 'unknown_coin_pack' ? t('wallet.errors.generic') : t('wallet.wallet.buyError'),
      );
    }
  }

  async function handleMore(wallet: Wallet): Promise<void> {
    setLoadingMore(true);
    try {
      const older = await getWallet(undefined, wallet.nextBefore);
      set({
        ...wallet,
        transactions: [...wallet.transactions, ...older.transactions],
        nextBefore: older.nextBefore,
      });
    } catch (error) {
      logger.warn('Could not load older transactions', error);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('wallet.wallet.title')}
      </h2>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' ? (
        <>
          <dl className="extras__balance">
            <dt>{t('wallet.wallet.balance')}</dt>
            <dd>{t('wallet.wallet.coins', { count: formatNumber(state.value.balance, locale) })}</dd>
          </dl>

          <h3 className="account-section__subtitle">{t('wallet.wallet.buyTitle')}</h3>
          <p className="account-section__muted">{t('wallet.wallet.buyHint')}</p>
          <SavedCardChoice payment={payment} />
          <ul className="extras__packs">
            {state.value.packs.map((pack) => (
              <li key={pack.id}>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={buying !== null}
                  onClick={() => void handleBuy(pack.id)}
                >
                  {t('wallet.wallet.buyPack', {
                    coins: pack.coins,
                    price: formatMoney(pack.priceMinor, pack.currency, locale),
                  })}
                </button>
              </li>
            ))}
          </ul>
          <p role="status" aria-live="polite" className="account-section__muted">
            {buying && payment.choice === NEW_CARD ? t('wallet.wallet.redirecting') : null}
          </p>
          <p role="alert" className="extras__form-error">
            {buyError}
          </p>

          <h3 className="account-section__subtitle" id={tableId}>
            {t('wallet.wallet.transactionsTitle')}
          </h3>
          {state.value.transactions.length === 0 ? (
            <p className="account-section__muted">{t('wallet.wallet.empty')}</p>
          ) : (
            <div className="extras__table-wrap">
              <table className="extras__table" aria-labelledby={tableId}>
                <thead>
                  <tr>
                    <th scope="col">{t('wallet.wallet.date')}</th>
                    <th scope="col">{t('wallet.wallet.description')}</th>
                    <th scope="col" className="extras__number">
                      {t('wallet.wallet.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.value.transactions.map((transaction) => (
                    <tr key={transaction.id}>
                      <td>{formatDate(transaction.date, locale, member?.timezone, 'medium')}</td>
                      <td>{ledgerLine(transaction, t, locale)}</td>
                      <td className="extras__number">{formatCoins(transaction.amount, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {state.value.nextBefore !== null ? (
            <button
              type="button"
              className="button button--ghost"
              disabled={loadingMore}
              onClick={() => void handleMore(state.value)}
            >
              {t('wallet.wallet.more')}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
