import { changeEmailSchema, changePasswordSchema, parseCredentials } from '@member/domain/account-security';
import { useId, useState, type SyntheticEvent } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSession, useSessionStore } from '../../../lib/session';
import { slugOf } from '../../../lib/refusal';
import { changeEmail, changePassword } from '../api/security';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

const KNOWN_ERRORS = [
  'required',
  'password_too_short',
  'password_too_long',
  'password_too_simple',
  'password_unchanged',
  'passwords_do_not_match',
  'invalid_email',
  'emails_do_not_match',
  'email_unchanged',
  'email_taken',
  'wrong_password',
  'too_many_attempts',
] as const;
type KnownError = (typeof KNOWN_ERRORS)[number];
const isKnownError = (slug: string): slug is KnownError => (KNOWN_ERRORS as readonly string[]).includes(slug);

/** The message of a refused change: the schema's issue or the server's slug, else a generic one. */
function useErrorMessage() {
  const { t } = useI18n();
  return (slug: string): string =>
    isKnownError(slug) ? t(`account.errors.${slug}`) : t('account.errors.generic');
}

interface FormFooterProps {
  status: Status;
  saveLabel: string;
  savedMessage: string;
  errorId: string;
}

/** The end of a sign-in details form: its submit button, then the saved status and the error lines. */
function FormFooter({ status, saveLabel, savedMessage, errorId }: FormFooterProps) {
  const { t } = useI18n();
  return (
    <>
      <button type="submit" className="button button--primary" disabled={status.kind === 'saving'}>
        {status.kind === 'saving' ? t('account.security.saving') : saveLabel}
      </button>
      <p role="status" aria-live="polite" className="account-section__muted">
        {status.kind === 'saved' ? savedMessage : null}
      </p>
      <p role="alert" className="extras__form-error" id={errorId}>
        {status.kind === 'error' ? status.message : null}
      </p>
    </>
  );
}

function ChangeEmailForm() {
  const { t } = useI18n();
  const { member } = useSession();
  const sessionStore = useSessionStore();
  const errorMessage = useErrorMessage();
  const id = useId();
  const [values, setValues] = useState({ newEmail: '', confirmEmail: '', currentPassword: '' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const parsed = parseCredentials(changeEmailSchema, values);
    if (!parsed.ok) {
      const first = parsed.issues[0];
      setInvalid(first?.field ?? null);
      setStatus({ kind: 'error', message: errorMessage(first?.issue ?? 'required') });
      return;
    }
    setInvalid(null);
    setStatus({ kind: 'saving' });
    try {
      const claims = await changeEmail(parsed.value);
      sessionStore.setMember(claims);
      setValues({ newEmail: '', confirmEmail: '', currentPassword: '' });
      setStatus({ kind: 'saved' });
    } catch (error) {
      logger.warn('Could not change the email', error);
      const slug = slugOf(error) ?? 'generic';
      setInvalid(slug === 'wrong_password' ? 'currentPassword' : slug === 'email_taken' ? 'newEmail' : null);
      setStatus({ kind: 'error', message: errorMessage(slug) });
    }
  }

  const errorId = `${id}-error`;
  return (
    <form
      className="extras__form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h3 className="account-section__subtitle" id={`${id}-title`}>
        {t('account.security.emailTitle')}
      </h3>
      {member ? (
        <p className="account-section__muted">
          {t('account.security.currentEmail', { email: member.email })}
        </p>
      ) : null}
      <FormField
        required
        id={`${id}-new`}
        label={t('account.security.newEmail')}
        type="email"
        autoComplete="email"
        value={values.newEmail}
        invalid={invalid === 'newEmail'}
        describedBy={invalid === 'newEmail' ? errorId : undefined}
        onChange={(event) => {
          setValues({ ...values, newEmail: event.target.value });
        }}
      />
      <FormField
        required
        id={`${id}-confirm`}
        label={t('account.security.confirmEmail')}
        type="email"
        autoComplete="email"
        value={values.confirmEmail}
        invalid={invalid === 'confirmEmail'}
        describedBy={invalid === 'confirmEmail' ? errorId : undefined}
        onChange={(event) => {
          setValues({ ...values, confirmEmail: event.target.value });
        }}
      />
      <FormField
        required
        id={`${id}-password`}
        label={t('account.security.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        invalid={invalid === 'currentPassword'}
        describedBy={invalid === 'currentPassword' ? errorId : undefined}
        onChange={(event) => {
          setValues({ ...values, currentPassword: event.target.value });
        }}
      />
      <FormFooter
        status={status}
        saveLabel={t('account.security.saveEmail')}
        savedMessage={t('account.security.emailSaved')}
        errorId={errorId}
      />
    </form>
  );
}

function ChangePasswordForm() {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const id = useId();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const parsed = parseCredentials(changePasswordSchema, values);
    if (!parsed.ok) {
      const first = parsed.issues[0];
      setInvalid(first?.field ?? null);
      setStatus({ kind: 'error', message: errorMessage(first?.issue ?? 'required') });
      return;
    }
    setInvalid(null);
    setStatus({ kind: 'saving' });
    try {
      await changePassword(parsed.value);
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      setStatus({ kind: 'saved' });
    } catch (error) {
      logger.warn('Could not change the password', error);
      const slug = slugOf(error) ?? 'generic';
      setInvalid(slug === 'wrong_password' ? 'currentPassword' : null);
      setStatus({ kind: 'error', message: errorMessage(slug) });
    }
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form
      className="extras__form"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h3 className="account-section__subtitle" id={`${id}-title`}>
        {t('account.security.passwordTitle')}
      </h3>
      <FormField
        required
        id={`${id}-current`}
        label={t('account.security.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        invalid={invalid === 'currentPassword'}
        describedBy={invalid === 'currentPassword' ? errorId : undefined}
        onChange={(event) => {
          setValues({ ...values, currentPassword: event.target.value });
        }}
      />
      <FormField
        required
        id={`${id}-new`}
        label={t('account.security.newPassword')}
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        invalid={invalid === 'newPassword'}
        describedBy={invalid === 'newPassword' ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          setValues({ ...values, newPassword: event.target.value });
        }}
      />
      <p className="account-section__muted" id={hintId}>
        {t('account.security.passwordHint')}
      </p>
      <FormField
        required
        id={`${id}-confirm`}
        label={t('account.security.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        invalid={invalid === 'confirmPassword'}
        describedBy={invalid === 'confirmPassword' ? errorId : undefined}
        onChange={(event) => {
          setValues({ ...values, confirmPassword: event.target.value });
        }}
      />
      <FormFooter
        status={status}
        saveLabel={t('account.security.savePassword')}
        savedMessage={t('account.security.passwordSaved')}
        errorId={errorId}
      />
    </form>
  );
}

/** Account → Profile, sign-in details: change email and change password. */
export function SecuritySection() {
  return (
    <section className="account-section extras__security">
      <ChangeEmailForm />
      <ChangePasswordForm />
    </section>
  );
}
