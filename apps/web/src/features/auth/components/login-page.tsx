import type { Locale } from '@member/domain';
import { type ReactNode, useId } from 'react';
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-mark';
import { LanguageSelect } from '../../../components/ui/language-select';
import { StandalonePage } from '../../../components/ui/standalone-page';
import { FORGOT_PASSWORD_PATH } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSendEvent } from '../../../lib/events';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { RichText } from '../../../lib/rich-text';
import { useSession } from '../../../lib/session';
import { rememberVisitorLocale } from '../../../lib/visitor-locale';
import type { LoginActionData, LoginErrorCode } from '../api/login';
import '../auth.css';

function LoginError({ code }: { code: LoginErrorCode }) {
  const { t } = useI18n();
  const { brand } = useSession();
  switch (code) {
    case 'invalid_credentials':
      // Same words whether or not the email exists, so the form does not reveal who has an account.
      return (
        <RichText
          text={t('auth.login.invalidCredentials')}
          values={{ email: <a href={`mailto:${brand.support.email}`}>{brand.support.email}</a> }}
        />
      );
    case 'too_many_attempts':
      return t('auth.login.tooManyAttempts');
    case 'account_deactivated':
      return (
        <RichText
          text={t('auth.login.accountDeactivated')}
          values={{ email: <a href={`mailto:${brand.support.email}`}>{brand.support.email}</a> }}
        />
      );
    case 'invalid_input':
      return t('auth.login.invalidInput');
    case 'failed':
      return t('auth.login.failed');
  }
}

/**
 * `/login`: the brand's sign-in form; a visitor may also pick the language for this visit. The way to
 * sign up belongs to another feature (billing), so the app passes it in (app/login-screen.tsx).
 */
export function LoginPage({ signupLink }: { signupLink: ReactNode }) {
  // A deleted (deactivated) account lands here with `?deleted=1`: say it was done (issue 14 item 9).
  const [params] = useSearchParams();
  const accountDeleted = params.get('deleted') === '1';
  const { t, locale } = useI18n();
  const i18n = useI18nStore();
  const { brand } = useSession();
  const sendEvent = useSendEvent();
  // The route's action returns LoginActionData for a failed attempt and redirects on success.
  const actionData: LoginActionData | undefined = useActionData();
  const navigation = useNavigation();
  const isSubmitting = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const errorId = useId();
  const emailId = useId();
  const passwordId = useId();
  const error = isSubmitting ? undefined : actionData?.error;
  useDocumentTitle(t('auth.login.title'));

  async function handleLanguageChange(next: Locale): Promise<void> {
    const from = locale;
    try {
      await i18n.setLocale(next);
      rememberVisitorLocale(next);
      sendEvent('members', { action: 'language_changed', from, to: next });
    } catch (loadError) {
      logger.warn('Could not change the language', loadError);
    }
  }

  return (
    <StandalonePage
      header={<BrandMark name={brand.name} logo={brand.logo} size="lg" />}
      footer={
        brand.languages.length > 1 ? (
          <LanguageSelect
            languages={brand.languages}
            value={locale}
            onChange={(next) => void handleLanguageChange(next)}
          />
        ) : null
      }
    >
      <h1 className="auth__title">{t('auth.login.title')}</h1>
      <p className="auth__subtitle">{t('auth.login.subtitle', { brand: brand.name })}</p>
      {accountDeleted ? (
        <p className="auth__notice" role="status">
          {t('auth.login.accountDeleted', { brand: brand.name })}
        </p>
      ) : null}
      <Form method="post" className="auth__form" aria-describedby={error ? errorId : undefined}>
        <div className="field">
          <label className="field__label" htmlFor={emailId}>
            {t('auth.login.email')}
          </label>
          <input
            id={emailId}
            className="input"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={actionData?.email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={passwordId}>
            {t('auth.login.password')}
          </label>
          <input
            id={passwordId}
            className="input"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="form-error" id={errorId} role="alert">
          {error ? <LoginError code={error} /> : null}
        </div>
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
          {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </Form>
      {signupLink}
      <Link to={FORGOT_PASSWORD_PATH}>{t('auth.resetPassword.title')}</Link>
    </StandalonePage>
  );
}
