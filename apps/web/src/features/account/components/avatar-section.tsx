import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSession, useSessionStore } from '../../../lib/session';
import { slugOf } from '../../../lib/refusal';
import { getPictureUrl, uploadAvatar } from '../api/security';
import { SectionState } from '../../../components/ui/section-state';
import { useLoaded } from '../../../lib/use-loaded';

const KNOWN = ['unsupported_image', 'image_too_large', 'unreadable_image', 'file_too_large'] as const;
type KnownSlug = (typeof KNOWN)[number];
const isKnown = (slug: string): slug is KnownSlug => (KNOWN as readonly string[]).includes(slug);

/** Account → Profile, picture: upload a PNG, JPEG or GIF; the server crops and resizes it. */
export function AvatarSection() {
  const { t } = useI18n();
  const { member } = useSession();
  const sessionStore = useSessionStore();
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, reload, set } = useLoaded((signal) => getPictureUrl(signal));
  const [status, setStatus] = useState<
    { kind: 'idle' } | { kind: 'uploading' } | { kind: 'saved' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  async function handleSubmit(event: SyntheticEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setStatus({ kind: 'error', message: t('account.avatar.noFile') });
      return;
    }
    setStatus({ kind: 'uploading' });
    try {
      const url = await uploadAvatar(file);
      set(url);
      if (member) sessionStore.setMember({ ...member, avatar: url });
      setStatus({ kind: 'saved' });
    } catch (error) {
      logger.warn('Could not upload the picture', error);
      const slug = slugOf(error) ?? '';
      setStatus({
        kind: 'error',
        message: isKnown(slug) ? t(`account.errors.${slug}`) : t('account.errors.generic'),
      });
    }
  }

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="account-section__title" id={headingId}>
        {t('account.avatar.title')}
      </h2>
      <SectionState state={state} onRetry={reload} />
      {state.kind === 'ready' ? (
        <div className="extras__avatar">
          {state.value ? (
            <img
              className="extras__avatar-image"
              src={state.value}
              alt={t('account.avatar.current')}
              width={96}
              height={96}
            />
          ) : (
            <p className="account-section__muted">{t('account.avatar.none')}</p>
          )}
          <form className="extras__form" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <div className="field">
              <label className="field__label" htmlFor={inputId}>
                {t('account.avatar.choose')}
              </label>
              <input
                ref={input}
                id={inputId}
                className="input"
                type="file"
                name="file"
                accept="image/png,image/jpeg,image/gif"
                aria-describedby={hintId}
              />
              <p className="account-section__muted" id={hintId}>
                {t('account.avatar.hint')}
              </p>
            </div>
            <button type="submit" className="button button--primary" disabled={status.kind === 'uploading'}>
              {status.kind === 'uploading' ? t('account.avatar.uploading') : t('account.avatar.upload')}
            </button>
            <p role="status" aria-live="polite" className="account-section__muted">
              {status.kind === 'saved' ? t('account.avatar.saved') : null}
            </p>
            <p role="alert" className="extras__form-error">
              {status.kind === 'error' ? status.message : null}
            </p>
          </form>
        </div>
      ) : null}
    </section>
  );
}
