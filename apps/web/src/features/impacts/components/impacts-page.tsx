import { use } from 'react';
import { Link, useParams } from 'react-router';
import { parseImpactPage } from '@member/domain';
import { Page } from '../../../components/ui/page';
import { SectionState } from '../../../components/ui/section-state';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { useLoaded } from '../../../lib/use-loaded';
import { getImpactsPage } from '../api/impacts';
import { impactsStringsLoaded } from '../api/impacts-strings';
import { ImpactProgress } from './impact-progress';
import '../impacts.css';

/** `/impacts/:page?`: the brand's impact projects, a page at a time, each with its progress. */
export function ImpactsPage() {
  use(impactsStringsLoaded(useI18nStore()));
  const { t } = useI18n();
  const page = parseImpactPage(useParams().page);
  return (
    <Page title={t('impacts.title')} subtitle={t('impacts.list.subtitle')}>
      <ImpactsList key={page} page={page} />
    </Page>
  );
}

function ImpactsList({ page }: { page: number }) {
  const { t } = useI18n();
  const { state, reload } = useLoaded((signal) => getImpactsPage(page, signal));
  return (
    <>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' ? (
        state.value.items.length === 0 ? (
          <p className="impacts__empty">{t('impacts.list.empty')}</p>
        ) : (
          <>
            <ul className="impacts__grid">
              {state.value.items.map((item) => (
                <li key={item.id} className="impact-card">
                  {item.images[0] ? <img className="impact-card__image" src={item.images[0]} alt="" /> : null}
                  <div className="impact-card__body">
                    {item.category ? <p className="impact-card__category">{item.category}</p> : null}
                    <h2 className="impact-card__title">
                      <Link to={`/impacts/id/${String(item.id)}`} className="impact-card__link">
                        {item.name}
                      </Link>
                    </h2>
                    <p className="impact-card__price">
                      {t('impacts.list.price', {
                        price: t('impacts.detail.coins', { count: item.price_per_unit }),
                        unit: item.unit,
                      })}
                    </p>
                    <ImpactProgress item={item} />
                  </div>
                </li>
              ))}
            </ul>
            {state.value.pageCount > 1 ? (
              <nav className="impacts__pages" aria-label={t('impacts.list.pages')}>
                {Array.from({ length: state.value.pageCount }, (_, i) => i + 1).map((n) => (
                  <Link
                    key={n}
                    to={n === 1 ? '/impacts' : `/impacts/${String(n)}`}
                    className="impacts__page"
                    aria-current={n === state.value.page ? 'page' : undefined}
                  >
                    {t('impacts.list.page', { page: n })}
                  </Link>
                ))}
              </nav>
            ) : null}
          </>
        )
      ) : null}
    </>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ImpactsPage as Component };
