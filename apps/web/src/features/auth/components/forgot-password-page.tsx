import { forgotPasswordSchema, parseCredentials } from '@member/domain/account-security';
import { useId, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { FORGOT_EMAIL_PATH, loginHref } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';
import { RecoveryError, requestPasswordReset } from '../api/recovery';
import { recoveryErrorKey } from './recovery-error';
import '../auth.css';
import '../recovery.css';

/** `/forgot-password`: asks for a reset link by email (same answer whether or not it has an account). */
export function ForgotPasswordPage() {
  const { t } = useI18n();
  const { brand } = useSession();
  const emailId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('recovery.forgotPassword.title'));

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const parsed = parseCredentials(forgotPasswordSchema, { email });
    if (!parsed.ok) {
      setError(t('recovery.errors.invalid_email'));
      return;
    }
    setError(null);
    setStatus('sending');
    try {
      await requestPasswordReset(parsed.value.email);
      setStatus('sent');
    } catch (caught) {
      logger.warn('Could not request a reset link', caught);
      setStatus('idle');
      setError(t(recoveryErrorKey(caught instanceof RecoveryError ? caught.code : 'generic')));
    }
  }

  return (
    <StandalonePage header={<BrandMark name={brand.name} logo={brand.logo} size="lg" />}>
      <h1 className="auth__title">{t('recovery.forgotPassword.title')}</h1>
      {status === 'sent' ? (
        <p role="status">{t('recovery.forgotPassword.sent')}</p>
      ) : (
        <>
          <p className="auth__subtitle auth__intro">{t('recovery.forgotPassword.intro')}</p>
          <form className="auth__form" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <div className="field">
              <label className="field__label" htmlFor={emailId}>
                {t('recovery.forgotPassword.email')}
              </label>
              <input
                id={emailId}
                className="input"
                type="email"
                autoComplete="email"
                inputMode="email"
                required
                value={email}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  setEmail(event.target.value);
                }}
              />
            </div>
            <div className="form-error" id={errorId} role="alert">
              {error}
            </div>
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={status === 'sending'}
            >
              {status === 'sending'
                ? t('recovery.forgotPassword.submitting')
                : t('recovery.forgotPassword.submit')}
            </button>
          </form>
        </>
      )}
      <nav className="auth__links" aria-label={t('recovery.forgotPassword.title')}>
        <Link to={FORGOT_EMAIL_PATH}>{t('recovery.forgotPassword.forgotEmail')}</Link>
        <Link to={loginHref()}>{t('recovery.backToLogin')}</Link>
      </nav>
    </StandalonePage>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ForgotPasswordPage as Component };
