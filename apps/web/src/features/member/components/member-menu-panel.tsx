import { chooseLocale, type Locale, type MemberClaims } from '@member/domain';
import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { LanguageSelect } from '../../../components/ui/language-select';
import { LIBRARY_LINKS } from '../../../config/library-links';
import { accountHref, loginHref } from '../../../config/paths';
import { useSendEvent } from '../../../lib/events';
import { requestGenericToken } from '../../../lib/generic-token';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSafeNavigate } from '../../../lib/safe-navigate';
import { useSession, useSessionStore } from '../../../lib/session';

type Status = 'idle' | 'saving-language' | 'language-error' | 'signing-out' | 'sign-out-error';

interface MemberMenuPanelProps {
  member: MemberClaims;
  name: string;
  isOpen: boolean;
  close: () => void;
}

/**
 * The member menu's panel: who is signed in, the account and library links, the language switch (saved
 * on the server) and sign out. Loaded on demand (decision 016): the first page carries only the button.
 */
export function MemberMenuPanel({ member, name, isOpen, close }: MemberMenuPanelProps) {
  const { t, locale } = useI18n();
  const i18n = useI18nStore();
  const { brand } = useSession();
  const sessionStore = useSessionStore();
  const sendEvent = useSendEvent();
  const navigate = useSafeNavigate();
  const [status, setStatus] = useState<Status>('idle');
  const listRef = useRef<HTMLUListElement>(null);

  // The menu may have been opened while this code was on its way: focus moves in once it is here.
  useEffect(() => {
    if (isOpen) listRef.current?.querySelector('a')?.focus();
  }, [isOpen]);

  async function handleLanguageChange(next: Locale): Promise<void> {
    const from = locale;
    setStatus('saving-language');
    try {
      // The member API loads on first use; it is not needed to draw the page.
      const { setMemberLanguage } = await import('../api/set-language');
      const updated = await setMemberLanguage(next);
      await i18n.setLocale(chooseLocale(updated.language, brand.languages));
      sessionStore.setMember(updated);
      sendEvent('members', { action: 'language_changed', from, to: updated.language });
      setStatus('idle');
    } catch (error) {
      logger.warn('Could not save the language', error);
      setStatus('language-error');
    }
  }

  async function handleSignOut(): Promise<void> {
    setStatus('signing-out');
    try {
      const { logout } = await import('../api/logout');
      await logout();
    } catch (error) {
      logger.warn('Could not sign out', error);
      setStatus('sign-out-error');
      return;
    }
    sessionStore.setMember(null);
    void requestGenericToken();
    navigate(loginHref(), { replace: true });
  }

  const links = [
    { href: accountHref(), icon: 'user' as const, label: t('member.account') },
    ...LIBRARY_LINKS.map(({ href, icon, title }) => ({ href, icon, label: t(title) })),
  ];

  return (
    <>
      <div className="member-menu__identity">
        <span className="member-menu__identity-name">{name}</span>
        <span className="member-menu__identity-email">{member.email}</span>
      </div>
      <ul className="member-menu__list" ref={listRef}>
        {links.map(({ href, icon, label }) => (
          <li key={href}>
            <NavLink
              className="member-menu__item"
              to={href}
              onClick={() => {
                close();
              }}
            >
              <Icon name={icon} size={18} />
              {label}
            </NavLink>
          </li>
        ))}
        {brand.languages.length > 1 ? (
          <li className="member-menu__language">
            <LanguageSelect
              languages={brand.languages}
              value={locale}
              disabled={status === 'saving-language'}
              onChange={(next) => void handleLanguageChange(next)}
            />
          </li>
        ) : null}
        <li>
          <button
            type="button"
            className="member-menu__item"
            disabled={status === 'signing-out'}
            onClick={() => void handleSignOut()}
          >
            <Icon name="sign-out" size={18} />
            {status === 'signing-out' ? t('member.signingOut') : t('member.signOut')}
          </button>
        </li>
      </ul>
      <p className="member-menu__status" role="status">
        {status === 'saving-language' ? t('member.languageSaving') : null}
      </p>
      <p className="member-menu__error" role="alert">
        {status === 'language-error' ? t('member.languageError') : null}
        {status === 'sign-out-error' ? t('member.signOutError') : null}
      </p>
    </>
  );
}
