import { changeEmailSchema, changePasswordSchema, parseCredentials } from '@member/domain/account-security';
import { type ChangeEvent, useId, useState, type SyntheticEvent } from 'react';
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

/**
 * A form's fields wired from one record of values: each field's id, value and change, and its error
 * line (after its own hint, when it has one) while the form says that field is wrong.
 */
function fieldBinder<Name extends string>(
  formId: string,
  values: Record<Name, string>,
  setValues: (next: Record<Name, string>) => void,
  invalid: string | null,
  errorId: string,
) {
  return (name: Name, hintId?: string) => ({
    id: `${formId}-${name}`,
    value: values[name],
    invalid: invalid === name,
    describedBy: [hintId, invalid === name ? errorId : undefined].filter(Boolean).join(' ') || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues({ ...values, [name]: event.target.value });
    },
  });
}

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
  const field = fieldBinder(id, values, setValues, invalid, errorId);
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
        label={t('account.security.newEmail')}
        type="email"
        autoComplete="email"
        {...field('newEmail')}
      />
      <FormField
        required
        label={t('account.security.confirmEmail')}
        type="email"
        autoComplete="email"
        {...field('confirmEmail')}
      />
      <FormField
        required
        label={t('account.security.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
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
  const field = fieldBinder(id, values, setValues, invalid, errorId);
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
        label={t('account.security.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <FormField
        required
        label={t('account.security.newPassword')}
        type="password"
        autoComplete="new-password"
        {...field('newPassword', hintId)}
      />
      <p className="account-section__muted" id={hintId}>
        {t('account.security.passwordHint')}
      </p>
      <FormField
        required
        label={t('account.security.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
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
