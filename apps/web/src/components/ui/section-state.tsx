import { useI18n } from '../../lib/i18n';
import type { Loaded } from '../../lib/use-loaded';

/** The loading and error states every section shares; null once the data is ready. */
export function SectionState({ state, onRetry }: { state: Loaded<unknown>; onRetry: () => void }) {
  const { t } = useI18n();
  if (state.kind === 'loading') {
    return (
      <p className="account-section__muted" role="status" aria-live="polite">
        {t('common.loading')}
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="extras__error" role="alert">
        <p>{t('common.loadError')}</p>
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return null;
}
