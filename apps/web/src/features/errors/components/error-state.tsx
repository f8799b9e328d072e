import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { Icon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n';

export function NotFoundState() {
  const { t } = useI18n();
  return (
    <ErrorState
      icon={<Icon name="compass" size={32} />}
      title={t('errors.notFound.title')}
      message={t('errors.notFound.message')}
      action={
        <Link className="button button--primary" to="/">
          {t('common.backToHome')}
        </Link>
      }
    />
  );
}

export function SomethingWentWrongState() {
  const { t } = useI18n();
  return (
    <ErrorState
      icon={<Icon name="alert" size={32} />}
      title={t('errors.somethingWentWrong.title')}
      message={t('errors.somethingWentWrong.message')}
      action={
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('errors.somethingWentWrong.refresh')}
        </button>
      }
    />
  );
}

/** A failed data load; `message` says why when the cause is one the member can act on. */
export function InformationNotFoundState({
  onRetry,
  message,
}: {
  onRetry: () => void;
  message?: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <ErrorState
      icon={<Icon name="alert" size={32} />}
      title={t('errors.informationNotFound.title')}
      message={message ?? t('errors.informationNotFound.message')}
      action={
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('errors.informationNotFound.retry')}
        </button>
      }
    />
  );
}
