import { type UpsellSource, nextBestOffer } from '@member/domain';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { logger } from '../../../lib/logger';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useLoaded } from '../../../lib/use-loaded';
import {
  type GiveawayReceipt,
  type UpsellOfferView,
  listGiveaways,
  showUpsell,
  upsellOffers,
} from '../api/giveaways';
import { type GiveawayReturn, useGiveawayReturn } from '../hooks/use-giveaway-return';
import { GiveawayCard } from './giveaway-card';
import { useGiveawaysStrings } from './giveaways-page';
import { OffersDialog } from './offers-dialog';
import { ReceiptDialog } from './receipt-dialog';
import './giveaways.css';

/** What the page shows over the giveaway after a payment: its receipt, then the offers the rule allows. */
type Modal =
  | {
      kind: 'receipt';
      receipt: GiveawayReceipt | null;
      outcome: GiveawayReceipt['outcome'];
      upsellNext: boolean;
    }
  | { kind: 'offers'; variant: UpsellSource; offers: UpsellOfferView[] };

/**
 * `/giveaways/id/:id`: one giveaway with its entries, prices and how to verify its draw. Coming back
 * from the payment page, the server's receipt is shown and the giveaway read again (its entries show once
 * the server verified the payment); after a first paid pack the upsell is offered (once, the server
 * decides), "no thanks" leads to the one-time bonus offer, and a failed or abandoned upsell payment to
 * the failed-upsell funnel with the next-best offer.
 */
export function GiveawayPage() {
  const { t } = useI18n();
  const { brand } = useSession();
  const { id } = useParams();
  const sweepId = Number(id);
  const stringsReady = useGiveawaysStrings();
  const { state, reload, set } = useLoaded((signal) => listGiveaways(brand.id, signal));
  const [modal, setModal] = useState<Modal | null>(null);
  // After an entry or a claim the list is read again in place, so the cards keep their messages.
  const refresh = useCallback(() => {
    listGiveaways(brand.id).then(set, (error: unknown) => {
      logger.warn('Could not read the giveaways again', error);
      reload();
    });
  }, [brand.id, set, reload]);

  /** Offers of a source, or none when they could not be read (the modal is then skipped). */
  const offersOf = async (load: () => Promise<UpsellOfferView[]>): Promise<UpsellOfferView[]> => {
    try {
      return await load();
    } catch (error) {
      logger.warn('Could not read the giveaway offers', error);
      return [];
    }
  };

  const onReturn = useCallback(
    ({ state: returned, receipt }: GiveawayReturn) => {
      const outcome: GiveawayReceipt['outcome'] =
        receipt?.outcome === 'paid'
          ? 'paid'
          : returned.isSuccess
            ? (receipt?.outcome ?? 'pending')
            : 'failed';
      if (outcome === 'paid') refresh();
      const failedOffer = receipt?.offer ?? null;
      if (returned.slug === 'upsell' && outcome === 'failed' && failedOffer) {
        // The failed-upsell funnel: the next offer after the one whose payment failed or was abandoned.
        void offersOf(() => upsellOffers(sweepId, 'funnel')).then((offers) => {
          const next = nextBestOffer(
            failedOffer,
            offers.map((offer) => offer.offer),
          );
          setModal({
            kind: 'offers',
            variant: 'funnel',
            offers: offers.filter((offer) => offer.offer === next),
          });
        });
        return;
      }
      setModal({
        kind: 'receipt',
        receipt,
        outcome,
        upsellNext: outcome === 'paid' && returned.slug === 'entries',
      });
    },
    [refresh, sweepId],
  );
  useGiveawayReturn(onReturn);

  const closeReceipt = (upsellNext: boolean) => {
    setModal(null);
    if (!upsellNext) return;
    void offersOf(() => showUpsell(sweepId)).then((offers) => {
      if (offers.length > 0) setModal({ kind: 'offers', variant: 'upsell', offers });
    });
  };

  const closeOffers = (variant: UpsellSource) => {
    setModal(null);
    if (variant !== 'upsell') return;
    // "No thanks" to the upsell: the one-time bonus offer, when the server still offers it.
    void offersOf(() => upsellOffers(sweepId, 'bonus')).then((offers) => {
      const bonus = offers.filter((offer) => offer.offer === 'bonus');
      if (bonus.length > 0) setModal({ kind: 'offers', variant: 'bonus', offers: bonus });
    });
  };

  const sweep =
    state.kind === 'ready' ? state.value.find((candidate) => String(candidate.id) === id) : undefined;
  return (
    <Page title={sweep?.name ?? t('giveaways.detailTitle')}>
      <SectionState state={state} onRetry={reload} />
      {stringsReady && sweep ? (
        <GiveawayCard
          sweep={sweep}
          detailed
          draws={state.kind === 'ready' ? state.value.filter((draw) => draw.tabs.includes('active')) : []}
          onChanged={refresh}
        />
      ) : null}
      {stringsReady && state.kind === 'ready' && !sweep ? <p>{t('giveaways.giveaways.empty')}</p> : null}
      {stringsReady && modal?.kind === 'receipt' ? (
        <ReceiptDialog
          receipt={modal.receipt}
          outcome={modal.outcome}
          onClose={() => {
            closeReceipt(modal.upsellNext);
          }}
        />
      ) : null}
      {stringsReady && modal?.kind === 'offers' ? (
        <OffersDialog
          key={modal.variant}
          variant={modal.variant}
          sweepId={sweepId}
          offers={modal.offers}
          onClose={() => {
            closeOffers(modal.variant);
          }}
        />
      ) : null}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { GiveawayPage as Component };
