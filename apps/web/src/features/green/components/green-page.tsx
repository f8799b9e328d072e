import { use } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { formatNumber } from '../../../lib/format';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { slugOf } from '../../../lib/refusal';
import { useLoaded } from '../../../lib/use-loaded';
import { type GreenPageData, getGreen, greenStringsLoaded } from '../api/green';
import { TreeChart } from './tree-chart';
import '../green.css';

/** `/green`: the member's trees (one per active month and per hour streamed) and the carbon they absorb. */
export function GreenPage() {
  use(greenStringsLoaded(useI18nStore()));
  const { t } = useI18n();
  const { state, reload } = useLoaded<GreenPageData | 'disabled'>((signal) =>
    getGreen(signal).catch((error: unknown) => {
      if (slugOf(error) === 'green_page_disabled') return 'disabled' as const;
      throw error;
    }),
  );
  return (
    <Page title={t('green.title')} subtitle={t('green.page.subtitle')}>
      {state.kind === 'loading' ? (
        <p role="status" aria-live="polite" className="green__muted">
          {t('common.loading')}
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <div role="alert">
          <p>{t('common.loadError')}</p>
          <button type="button" className="button button--ghost" onClick={reload}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {state.kind === 'ready' && state.value === 'disabled' ? (
        <p className="green__muted">{t('green.page.unavailable')}</p>
      ) : null}
      {state.kind === 'ready' && state.value !== 'disabled' ? <GreenContent data={state.value} /> : null}
    </Page>
  );
}

function GreenContent({ data }: { data: GreenPageData }) {
  const { t, locale } = useI18n();
  return (
    <div className={data.version === 2 ? 'green green--v2' : 'green'}>
      <section className="green__hero" aria-labelledby="green-trees">
        <p className="green__big" id="green-trees">
          <span data-testid="green-trees">{formatNumber(data.trees, locale)}</span>{' '}
          <span className="green__unit">{t('green.page.trees', { count: data.trees })}</span>
        </p>
        <p className="green__carbon" data-testid="green-carbon">
          {t('green.page.carbon', { count: data.carbonTonnes })}
        </p>
      </section>
      <dl className="green__facts">
        <div>
          <dt>{t('green.page.months')}</dt>
          <dd data-testid="green-months">
            {t('green.page.monthsValue', {
              months: t('green.page.monthCount', { count: data.activeMonths }),
              trees: t('green.page.treeCount', { count: data.treesFromMonths }),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('green.page.hours')}</dt>
          <dd data-testid="green-hours">
            {t('green.page.hoursValue', {
              hours: t('green.page.hourCount', { count: data.hoursStreamed }),
              trees: t('green.page.treeCount', { count: data.treesFromStreaming }),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('green.page.points')}</dt>
          <dd data-testid="green-points">{formatNumber(data.greenPoints, locale)}</dd>
        </div>
      </dl>
      <h2 className="green__subtitle">{t('green.chart.heading')}</h2>
      <TreeChart points={data.history} />
      <p className="green__muted">{t('green.page.rule')}</p>
      <p>
        <Link to="/impacts" className="green__link">
          {t('green.page.impacts')}
        </Link>
      </p>
    </div>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { GreenPage as Component };
