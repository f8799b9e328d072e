import {
  LOCALE_BCP47,
  LOCALE_NATIVE_NAMES,
  TIMEZONES,
  chooseLocale,
  isLocale,
  type Locale,
  type MemberClaims,
} from '@member/domain';
import { parseProfile, type ProfileIssue } from '@member/domain/profile';
import { useId, useState, type SyntheticEvent } from 'react';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { useSession, useSessionStore } from '../../../lib/session';
import { updateProfile } from '../api/update-profile';

/** The slugs the server refuses a profile with (the domain's ProfileIssue, and languages the brand lacks). */
const SERVER_SLUGS = [
  'name_too_long',
  'name_control_characters',
  'invalid_timezone',
  'invalid_language',
  'unsupported_language',
] as const satisfies readonly (ProfileIssue | 'unsupported_language')[];

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** Account → Profile: display name, time zone and default language, saved together. */
export function ProfileSection({ member }: { member: MemberClaims }) {
  const { t } = useI18n();
  const i18n = useI18nStore();
  const { brand } = useSession();
  const sessionStore = useSessionStore();
  const headingId = useId();
  const nameId = useId();
  const timezoneId = useId();
  const languageId = useId();
  const [name, setName] = useState(member.name);
  const [timezone, setTimezone] = useState(member.timezone);
  const [language, setLanguage] = useState<Locale>(chooseLocale(member.language, brand.languages));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const zones = TIMEZONES.some((zone) => zone.id === timezone)
    ? TIMEZONES
    : [{ id: timezone, offset: '', offsetMinutes: 0 }, ...TIMEZONES];

  const issueMessage = (issue: ProfileIssue): string => t(`account.profile.errors.${issue}`);
  /** The server's refusal in the member's language; a slug this screen does not know reads as generic. */
  const refusalMessage = (slug: string | null): string => {
    const known = SERVER_SLUGS.find((item) => item === slug);
    return known ? t(`account.profile.errors.${known}`) : t('account.profile.saveError');
  };

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const parsed = parseProfile({ name, timezone, language });
    if (!parsed.ok) {
      setStatus({ kind: 'error', message: parsed.issues.map((item) => issueMessage(item.issue)).join(' ') });
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      const updated = await updateProfile(parsed.profile);
      if (updated.language !== member.language) {
        await i18n.setLocale(chooseLocale(updated.language, brand.languages));
      }
      sessionStore.setMember(updated);
      setName(updated.name);
      setStatus({ kind: 'saved' });
    } catch (error) {
      logger.warn('Could not save the profile', error);
      setStatus({
        kind: 'error',
        message: refusalMessage(slugOf(error)),
      });
    }
  }

  const saving = status.kind === 'saving';
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('account.sections.profile')}
      </h2>
      <form className="profile-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <div className="field">
          <label className="field__label" htmlFor={nameId}>
            {t('account.profile.name')}
          </label>
          <input
            id={nameId}
            className="input"
            type="text"
            autoComplete="name"
            maxLength={80}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          <p className="account-section__muted">{t('account.profile.nameHint')}</p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={timezoneId}>
            {t('account.profile.timezone')}
          </label>
          <select
            id={timezoneId}
            className="select"
            value={timezone}
            onChange={(event) => {
              setTimezone(event.target.value);
            }}
          >
            {zones.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.offset ? `(${zone.offset}) ${zone.id}` : zone.id}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={languageId}>
            {t('account.profile.language')}
          </label>
          <select
            id={languageId}
            className="select"
            value={language}
            onChange={(event) => {
              if (isLocale(event.target.value)) setLanguage(event.target.value);
            }}
          >
            {brand.languages.map((locale) => (
              <option key={locale} value={locale} lang={LOCALE_BCP47[locale]}>
                {LOCALE_NATIVE_NAMES[locale]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary" disabled={saving} aria-disabled={saving}>
          {saving ? t('account.profile.saving') : t('account.profile.save')}
        </button>
        <p className="profile-form__status" role="status" aria-live="polite">
          {status.kind === 'saved' ? t('account.profile.saved') : null}
        </p>
        <p className="profile-form__error" role="alert" aria-live="assertive">
          {status.kind === 'error' ? status.message : null}
        </p>
      </form>
    </section>
  );
}
