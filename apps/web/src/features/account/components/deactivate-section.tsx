import { useId, useState, type SyntheticEvent } from 'react';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSessionStore } from '../../../lib/session';
import { slugOf } from '../../../lib/refusal';
import { canDeactivate, deactivateAccount } from '../api/security';
import { SectionState } from '../../../components/ui/section-state';
import { useLoaded } from '../../../lib/use-loaded';

const KNOWN = [
  'wrong_password',
  'too_many_attempts',
  'confirmation_required',
  'paid_membership',
  'required',
] as const;
type KnownSlug = (typeof KNOWN)[number];
const isKnown = (slug: string): slug is KnownSlug => (KNOWN as readonly string[]).includes(slug);

/**
 * Account → Profile, delete account: for free and demo accounts (spec section 6). It needs the box
 * ticked and the current password; the server refuses paying members whatever the page shows.
 */
export function DeactivateSection() {
  const { t } = useI18n();
  const sessionStore = useSessionStore();
  const headingId = useId();
  const checkboxId = useId();
  const passwordId = useId();
  const errorId = useId();
  const { state, reload } = useLoaded((signal) => canDeactivate(signal));
  const [confirmed, setConfirmed] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!confirmed) {
      setError(t('account.errors.confirmation_required'));
      return;
    }
    if (!password) {
      setError(t('account.errors.required'));
      return;
    }
    setDeleting(true);
    setError(null);
    try {
      await deactivateAccount(password);
      sessionStore.setMember(null);
      // A full load: nothing of the deleted account stays in memory; the sign-in page confirms it.
      window.location.assign('/login?deleted=1');
    } catch (caught) {
      logger.warn('Could not delete the account', caught);
      setDeleting(false);
      const slug = slugOf(caught) ?? '';
      setError(isKnown(slug) ? t(`account.errors.${slug}`) : t('account.errors.generic'));
    }
  }

  return (
    <section className="account-section extras__danger-zone" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('account.deactivate.title')}
      </h2>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' && !state.value ? (
        <p className="account-section__muted">{t('account.deactivate.notAllowed')}</p>
      ) : null}
      {state.kind === 'ready' && state.value ? (
        <form className="extras__form" noValidate onSubmit={(event) => void handleSubmit(event)}>
          <p>{t('account.deactivate.intro')}</p>
          <div className="extras__checkbox">
            <input
              id={checkboxId}
              type="checkbox"
              checked={confirmed}
              onChange={(event) => {
                setConfirmed(event.target.checked);
              }}
            />
            <label htmlFor={checkboxId}>{t('account.deactivate.confirm')}</label>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={passwordId}>
              {t('account.deactivate.password')}
            </label>
            <input
              id={passwordId}
              className="input"
              type="password"
              autoComplete="current-password"
              value={password}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
              }}
            />
          </div>
          <button type="submit" className="button extras__danger" disabled={deleting}>
            {deleting ? t('account.deactivate.deleting') : t('account.deactivate.submit')}
          </button>
          <p role="alert" className="extras__form-error" id={errorId}>
            {error}
          </p>
        </form>
      ) : null}
    </section>
  );
}
