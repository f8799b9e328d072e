import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/format';
import { unitFor } from '../api/impact-units';
import type { ImpactItem } from '../api/impacts';

/** The item's progress toward its target from every member, and the member's own target. */
export function ImpactProgress({ item }: { item: ImpactItem }) {
  const { t, locale } = useI18n();
  return (
    <div className="impact-progress">
      {item.target_quantity > 0 ? (
        <>
          <div
            className="impact-progress__bar"
            role="progressbar"
            aria-label={t('impacts.progress.label', { name: item.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.percent}
          >
            <span className="impact-progress__fill" style={{ width: `${String(item.percent)}%` }} />
          </div>
          <p className="impact-progress__text" data-testid="impact-progress">
            {t('impacts.progress.funded', {
              funded: formatNumber(item.funded, locale),
              target: formatNumber(item.target_quantity, locale),
              unit: unitFor(item, item.target_quantity, locale),
              percent: item.percent,
            })}
          </p>
        </>
      ) : (
        <p className="impact-progress__text" data-testid="impact-progress">
          {t('impacts.progress.fundedNoTarget', {
            funded: formatNumber(item.funded, locale),
            unit: unitFor(item, item.funded, locale),
          })}
        </p>
      )}
      <p className="impact-progress__mine" data-testid="impact-mine">
        {item.member_target === null
          ? t('impacts.progress.mine', {
              count: formatNumber(item.memberFunded, locale),
              unit: unitFor(item, item.memberFunded, locale),
            })
          : t('impacts.progress.mineTarget', {
              count: formatNumber(item.memberFunded, locale),
              target: formatNumber(item.member_target, locale),
              unit: unitFor(item, item.member_target, locale),
              percent: item.memberPercent ?? 0,
            })}
      </p>
    </div>
  );
}
