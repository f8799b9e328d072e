import { forgotEmailSchema, parseCredentials } from '@member/domain/account-security';
import { useId, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { FORGOT_PASSWORD_PATH, loginHref } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSession } from '../../../lib/session';
import { RecoveryError, findEmailByCard } from '../api/recovery';
import { recoveryErrorKey } from './recovery-error';
import '../auth.css';
import '../recovery.css';

/** `/forgot-email`: recovery by card (first 6 and last 4 digits); shows masked addresses only. */
export function ForgotEmailPage() {
  const { t } = useI18n();
  const { brand } = useSession();
  const first6Id = useId();
  const last4Id = useId();
  const errorId = useId();
  const [first6, setFirst6] = useState('');
  const [last4, setLast4] = useState('');
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('recovery.forgotEmail.title'));

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const parsed = parseCredentials(forgotEmailSchema, { first6, last4 });
    if (!parsed.ok) {
      setError(t('recovery.errors.invalid_card_digits'));
      return;
    }
    setError(null);
    setFound(null);
    setSearching(true);
    try {
      setFound(await findEmailByCard(parsed.value.first6, parsed.value.last4));
    } catch (caught) {
      logger.warn('Could not look up the email', caught);
      setError(t(recoveryErrorKey(caught instanceof RecoveryError ? caught.code : 'generic')));
    } finally {
      setSearching(false);
    }
  }

  const digitsProps = (length: number) =>
    ({
      className: 'input',
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'off',
      pattern: `[0-9]{${length}}`,
      maxLength: length,
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    }) as const;

  return (
    <StandalonePage header={<BrandMark name={brand.name} logo={brand.logo} size="lg" />}>
      <h1 className="auth__title">{t('recovery.forgotEmail.title')}</h1>
      <p className="auth__subtitle auth__intro">{t('recovery.forgotEmail.intro')}</p>
      <form className="auth__form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <div className="auth__digits">
          <div className="field">
            <label className="field__label" htmlFor={first6Id}>
              {t('recovery.forgotEmail.first6')}
            </label>
            <input
              id={first6Id}
              {...digitsProps(6)}
              value={first6}
              onChange={(event) => {
                setFirst6(event.target.value);
              }}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={last4Id}>
              {t('recovery.forgotEmail.last4')}
            </label>
            <input
              id={last4Id}
              {...digitsProps(4)}
              value={last4}
              onChange={(event) => {
                setLast4(event.target.value);
              }}
            />
          </div>
        </div>
        <div className="form-error" id={errorId} role="alert">
          {error}
        </div>
        <button type="submit" className="button button--primary button--block" disabled={searching}>
          {searching ? t('recovery.forgotEmail.submitting') : t('recovery.forgotEmail.submit')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {found?.length === 0 ? <p>{t('recovery.forgotEmail.notFound')}</p> : null}
        {found && found.length > 0 ? (
          <>
            <p>
              {found.length === 1 ? t('recovery.forgotEmail.found') : t('recovery.forgotEmail.foundMany')}
            </p>
            <ul className="auth__masked">
              {found.map((masked) => (
                <li key={masked}>{masked}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <nav className="auth__links" aria-label={t('recovery.forgotEmail.title')}>
        <Link to={FORGOT_PASSWORD_PATH}>{t('recovery.forgotPassword.title')}</Link>
        <Link to={loginHref()}>{t('recovery.backToLogin')}</Link>
      </nav>
    </StandalonePage>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { ForgotEmailPage as Component };
