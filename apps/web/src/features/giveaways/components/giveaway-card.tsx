import type { Address } from '@member/domain/address';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PostalAddress } from '../../../components/ui/postal-address';
import { formatDate, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession } from '../../../lib/session';
import { type Sweep, enterFree } from '../api/giveaways';
import { BuyEntriesDialog } from './buy-entries-dialog';
import { ClaimPrizeForm } from './claim-prize-form';
import { ContestRulesDialog } from './contest-rules-dialog';
import { PostalEntryDialog } from './postal-entry-dialog';

type CardState =
  'winner' | 'winner_claimed' | 'loser' | 'drawing' | 'entered' | 'active' | 'monthly_exclusive' | 'future';
const STATES: readonly string[] = [
  'winner',
  'winner_claimed',
  'loser',
  'drawing',
  'entered',
  'active',
  'monthly_exclusive',
  'future',
];
const cardState = (state: string): CardState => (STATES.includes(state) ? (state as CardState) : 'future');

/**
 * One giveaway with its state (spec section 4) and actions: the free monthly entry (with the over-18
 * confirmation) and the buy-entries modal (packs, over 18, the hosted payment page). `detailed` adds
 * the draw's audit text.
 */
export function GiveawayCard({
  sweep,
  detailed = false,
  draws = [],
  onChanged,
}: {
  sweep: Sweep;
  detailed?: boolean;
  /** The open giveaways a postal entry may choose between. */
  draws?: readonly Sweep[];
  onChanged: () => void;
}) {
  const { t, locale } = useI18n();
  const { member } = useSession();
  const headingId = useId();
  const ageId = useId();
  const [over18, setOver18] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The address a claim just sent, shown under its confirmation as its country writes it.
  const [claimedTo, setClaimedTo] = useState<Address | null>(null);
  const [modal, setModal] = useState<'rules' | 'postal' | 'buy' | null>(null);
  const state = cardState(sweep.state);
  const canBuy =
    sweep.on_sale && (state === 'active' || state === 'entered' || state === 'monthly_exclusive');

  async function run(work: () => Promise<void>): Promise<void> {
    setBusy(true);
    setMessage(null);
    setClaimedTo(null);
    try {
      await work();
    } catch (error) {
      logger.warn('Giveaway action failed', error);
      setMessage(
        slugOf(error)?.startsWith('sweeps_')
          ? t('giveaways.giveaways.disabled')
          : t('giveaways.giveaways.error'),
      );
      setBusy(false);
    }
  }

  return (
    <article className="giveaway-card" aria-labelledby={headingId}>
      {sweep.image ? <img className="giveaway-card__image" src={sweep.image} alt="" loading="lazy" /> : null}
      <div className="giveaway-card__body">
        <h2 className="giveaway-card__title" id={headingId}>
          {detailed ? sweep.name : <Link to={`/giveaways/id/${sweep.id}`}>{sweep.name}</Link>}
        </h2>
        <p className="giveaway-card__state" data-state={state}>
          {t(`giveaways.giveaways.states.${state}`)}
        </p>
        <p className="giveaway-card__meta">
          {t('giveaways.giveaways.ends', {
            date: formatDate(sweep.end_date, locale, member?.timezone ?? null, 'medium'),
          })}
          {' · '}
          {t('giveaways.giveaways.entries', { count: formatNumber(sweep.member_entries, locale) })}
        </p>
        {detailed ? <p>{sweep.description}</p> : null}
        {canBuy ? (
          <div className="giveaway-card__actions">
            {sweep.free_entry_available ? (
              <>
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
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy || !over18}
                  onClick={() =>
                    void run(async () => {
                      await enterFree(sweep.id, over18);
                      setMessage(t('giveaways.giveaways.entered'));
                      setBusy(false);
                      onChanged();
                    })
                  }
                >
                  {t('giveaways.giveaways.enterFree')}
                </button>
              </>
            ) : null}
            {sweep.prices.length > 0 ? (
              <button
                type="button"
                className={sweep.free_entry_available ? 'button' : 'button button--primary'}
                aria-haspopup="dialog"
                onClick={() => {
                  setModal('buy');
                }}
              >
                {t('giveaways.buy.open')}
              </button>
            ) : null}
          </div>
        ) : null}
        {state === 'winner' && sweep.winner_id !== null && detailed ? (
          <ClaimPrizeForm
            winnerId={sweep.winner_id}
            deadline={sweep.claim_deadline}
            onClaimed={(address) => {
              setMessage(t('giveaways.claim.done'));
              setClaimedTo(address);
              onChanged();
            }}
          />
        ) : null}
        {state === 'winner' && !detailed ? (
          <Link className="button button--primary" to={`/giveaways/id/${sweep.id}`}>
            {t('giveaways.claim.open')}
          </Link>
        ) : null}
        <div className="giveaway-card__links">
          <button
            type="button"
            className="button button--ghost"
            aria-haspopup="dialog"
            onClick={() => {
              setModal('rules');
            }}
          >
            {t('giveaways.rules.open')}
          </button>
          {canBuy ? (
            <button
              type="button"
              className="button button--ghost"
              aria-haspopup="dialog"
              onClick={() => {
                setModal('postal');
              }}
            >
              {t('giveaways.postal.open')}
            </button>
          ) : null}
        </div>
        {modal === 'rules' ? (
          <ContestRulesDialog
            sweep={sweep}
            onClose={() => {
              setModal(null);
            }}
          />
        ) : null}
        {modal === 'buy' ? (
          <BuyEntriesDialog
            sweep={sweep}
            onClose={() => {
              setModal(null);
            }}
          />
        ) : null}
        {modal === 'postal' ? (
          <PostalEntryDialog
            sweep={sweep}
            draws={draws}
            onClose={() => {
              setModal(null);
            }}
          />
        ) : null}
        {message ? (
          <p className="giveaway-card__message" role="status">
            {message}
          </p>
        ) : null}
        {message && claimedTo ? (
          <PostalAddress address={claimedTo} className="giveaway-card__address">
            {claimedTo.phone}
          </PostalAddress>
        ) : null}
        {detailed ? (
          <section className="giveaway-card__audit">
            <h3>{t('giveaways.giveaways.verifyTitle')}</h3>
            <p className="giveaway-card__mono">
              {t('giveaways.giveaways.verifyText', { commitment: sweep.seed_commitment })}
            </p>
            {sweep.audit ? (
              <dl className="giveaway-card__mono">
                <dt>pool</dt>
                <dd>{sweep.audit.poolHash}</dd>
                <dt>seed</dt>
                <dd>{sweep.audit.seed}</dd>
                <dt>position</dt>
                <dd>
                  {sweep.audit.position} / {sweep.audit.totalEntries} → {sweep.audit.winner}
                </dd>
              </dl>
            ) : null}
          </section>
        ) : null}
      </div>
    </article>
  );
}
