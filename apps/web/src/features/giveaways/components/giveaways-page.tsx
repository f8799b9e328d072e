import { useEffect, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';
import { useLoaded } from '../../../lib/use-loaded';
import { listGiveaways } from '../api/giveaways';
import { loadGiveawaysStrings } from '../api/giveaways-strings';
import { GiveawayCard } from './giveaway-card';
import { WinnerModalQueue } from './winner-modal-queue';
import './giveaways.css';

const TABS = ['all', 'entered', 'active', 'future', 'past'] as const;
type Tab = (typeof TABS)[number];

/** Loads the giveaway strings with the screen; true once they are in. */
export function useGiveawaysStrings(): boolean {
  const i18n = useI18nStore();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    loadGiveawaysStrings(i18n).then(
      () => {
        setReady(true);
      },
      (error: unknown) => {
        logger.warn('Could not load the giveaway strings', error);
        setReady(true);
      },
    );
  }, [i18n]);
  return ready;
}

/** `/giveaways`: all, entered, active, future and past giveaways of the brand, with their states. */
export function GiveawaysPage() {
  const { t } = useI18n();
  const { brand } = useSession();
  const stringsReady = useGiveawaysStrings();
  const [tab, setTab] = useState<Tab>('all');
  const { state, reload, set } = useLoaded((signal) => listGiveaways(brand.id, signal));
  // After an entry or a claim the list is read again in place, so the cards keep their messages.
  const refresh = () => {
    listGiveaways(brand.id).then(set, (error: unknown) => {
      logger.warn('Could not read the giveaways again', error);
      reload();
    });
  };
  if (!stringsReady) return <Page title={t('giveaways.title')} />;
  const all = state.kind === 'ready' ? state.value : [];
  const shown = all.filter((sweep) => sweep.tabs.includes(tab));
  const openDraws = all.filter((sweep) => sweep.tabs.includes('active'));
  return (
    <Page title={t('giveaways.title')}>
      <div className="giveaways__tabs" role="group" aria-label={t('giveaways.giveaways.tabsLabel')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            className="button giveaways__tab"
            aria-pressed={tab === name}
            onClick={() => {
              setTab(name);
            }}
          >
            {t(`giveaways.giveaways.tabs.${name}`)}
          </button>
        ))}
      </div>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' ? <WinnerModalQueue sweeps={all} /> : null}
      {state.kind === 'ready' ? (
        shown.length === 0 ? (
          <p className="giveaways__empty">{t('giveaways.giveaways.empty')}</p>
        ) : (
          <div className="giveaways__grid">
            {shown.map((sweep) => (
              <GiveawayCard key={sweep.id} sweep={sweep} draws={openDraws} onChanged={refresh} />
            ))}
          </div>
        )
      ) : null}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { GiveawaysPage as Component };
