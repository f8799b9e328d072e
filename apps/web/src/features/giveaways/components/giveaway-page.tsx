import { useParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { logger } from '../../../lib/logger';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useLoaded } from '../../../lib/use-loaded';
import { listGiveaways } from '../api/giveaways';
import { GiveawayCard } from './giveaway-card';
import { useGiveawaysStrings } from './giveaways-page';
import './giveaways.css';

/**
 * `/giveaways/id/:id`: one giveaway with its entries, prices and how to verify its draw. Coming back
 * from the payment page, the list is read again: entries show once the server verified the payment.
 */
export function GiveawayPage() {
  const { t } = useI18n();
  const { brand } = useSession();
  const { id } = useParams();
  const stringsReady = useGiveawaysStrings();
  const { state, reload, set } = useLoaded((signal) => listGiveaways(brand.id, signal));
  // After an entry or a claim the list is read again in place, so the cards keep their messages.
  const refresh = () => {
    listGiveaways(brand.id).then(set, (error: unknown) => {
      logger.warn('Could not read the giveaways again', error);
      reload();
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
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { GiveawayPage as Component };
