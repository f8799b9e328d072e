import { parseCredentials, resetPasswordSchema } from '@member/domain/account-security';
import { useId, useState, type SyntheticEvent } from 'react';
import { Link, useLoaderData, useParams } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { FORGOT_PASSWORD_PATH, loginHref } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';
import { RecoveryError, resetPassword } from '../api/recovery';
import type { ResetLoaderData } from '../api/recovery-strings';
import { recoveryErrorKey } from './recovery-error';
import '../auth.css';
import '../recovery.css';

/** `/reset-password/:key`: the link of the reset mail; sets a new password once with its key. */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const { brand } = useSession();
  const { key = '' } = useParams();
  // Undefined outside the route (tests of the form alone): the form is shown and the reset answers.
  const checked = useLoaderData<ResetLoaderData | undefined>();
  const newId = useId();
  const confirmId = useId();
  const hintId = useId();
  const errorId = useId();
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [status, setStatus] = useState<'idle' | 'saving' | 'done'>('idle');
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  useDocumentTitle(t('auth.resetPassword.title'));

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const parsed = parseCredentials(resetPasswordSchema, { key, ...values });
    if (!parsed.ok) {
      const first = parsed.issues[0];
      const code = first?.field === 'key' ? 'invalid_or_expired_key' : (first?.issue ?? 'required');
      setError({ code, message: t(recoveryErrorKey(code)) });
      return;
    }
    setError(null);
    setStatus('saving');
    try {
      await resetPassword(parsed.value);
      setStatus('done');
    } catch (caught) {
      logger.warn('Could not reset the password', caught);
      setStatus('idle');
      const code = caught instanceof RecoveryError ? caught.code : 'generic';
      setError({ code, message: t(recoveryErrorKey(code)) });
    }
  }

  return (
    <StandalonePage header={<BrandMark name={brand.name} logo={brand.logo} size="lg" />}>
      <h1 className="auth__title">{t('auth.resetPassword.title')}</h1>
      {checked?.key === 'invalid' ? (
        <div className="form-error" role="alert">
          {t(recoveryErrorKey('invalid_or_expired_key'))}{' '}
          <Link to={FORGOT_PASSWORD_PATH}>{t('recovery.resetPassword.requestNew')}</Link>
        </div>
      ) : status === 'done' ? (
        <>
          <p role="status">{t('recovery.resetPassword.done')}</p>
          <Link className="button button--primary button--block" to={loginHref()}>
            {t('recovery.resetPassword.signIn')}
          </Link>
        </>
      ) : (
        <>
          <p className="auth__subtitle auth__intro">{t('recovery.resetPassword.intro')}</p>
          <form className="auth__form" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <div className="field">
              <label className="field__label" htmlFor={newId}>
                {t('recovery.resetPassword.newPassword')}
              </label>
              <input
                id={newId}
                className="input"
                type="password"
                autoComplete="new-password"
                required
                value={values.newPassword}
                aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                aria-invalid={error ? true : undefined}
                onChange={(event) => {
                  setValues({ ...values, newPassword: event.target.value });
                }}
              />
              <p className="auth__hint" id={hintId}>
                {t('recovery.resetPassword.hint')}
              </p>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={confirmId}>
                {t('recovery.resetPassword.confirmPassword')}
              </label>
              <input
                id={confirmId}
                className="input"
                type="password"
                autoComplete="new-password"
                required
                value={values.confirmPassword}
                aria-describedby={error ? errorId : undefined}
                aria-invalid={error ? true : undefined}
                onChange={(event) => {
                  setValues({ ...values, confirmPassword: event.target.value });
                }}
              />
            </div>
            <div className="form-error" id={errorId} role="alert">
              {error?.message}
              {error?.code === 'invalid_or_expired_key' ? (
                <>
                  {' '}
                  <Link to={FORGOT_PASSWORD_PATH}>{t('recovery.resetPassword.requestNew')}</Link>
                </>
              ) : null}
            </div>
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={status === 'saving'}
            >
              {status === 'saving'
                ? t('recovery.resetPassword.submitting')
                : t('recovery.resetPassword.submit')}
            </button>
          </form>
        </>
      )}
      <Link className="button button--ghost button--block" to={loginHref()}>
        {t('auth.resetPassword.backToLogin')}
      </Link>
    </StandalonePage>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ResetPasswordPage as Component };
