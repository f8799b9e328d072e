import { chooseLocale, memberDisplayName, type Locale, type MemberClaims } from '@member/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { LanguageSelect } from '../../../components/ui/language-select';
import { accountHref, loginHref } from '../../../config/paths';
import { useSendEvent } from '../../../lib/events';
import { requestGenericToken } from '../../../lib/generic-token';
import { useI18n, useI18nStore } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { useSafeNavigate } from '../../../lib/safe-navigation';
import { useSession, useSessionStore } from '../../../lib/session';
import { useDisclosure } from '../../../lib/use-disclosure';

type Status = 'idle' | 'saving-language' | 'language-error' | 'signing-out' | 'sign-out-error';

function Avatar({ member, name }: { member: MemberClaims; name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {member.avatar ? (
        <img className="avatar__image" src={member.avatar} alt="" />
      ) : (
        name.charAt(0).toUpperCase()
      )}
    </span>
  );
}

/**
 * The member's menu: a button with their name that shows a panel with the account link, the language
 * switch (saved on the server) and sign out.
 */
export function MemberMenu({ member }: { member: MemberClaims }) {
  const { t, locale } = useI18n();
  const i18n = useI18nStore();
  const { brand } = useSession();
  const sessionStore = useSessionStore();
  const sendEvent = useSendEvent();
  const navigate = useSafeNavigate();
  const disclosure = useDisclosure<HTMLButtonElement, HTMLDivElement>();
  const [status, setStatus] = useState<Status>('idle');
  const name = memberDisplayName(member);

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

  return (
    <div className="member-menu" onBlur={disclosure.handleBlur}>
      <button type="button" className="member-menu__button" {...disclosure.buttonProps}>
        <Avatar member={member} name={name} />
        <span className="member-menu__name">{name}</span>
        <Icon name="chevron-down" size={16} className="member-menu__chevron" />
      </button>
      <div className="member-menu__panel" {...disclosure.panelProps} hidden={!disclosure.isOpen}>
        <div className="member-menu__identity">
          <span className="member-menu__identity-name">{name}</span>
          <span className="member-menu__identity-email">{member.email}</span>
        </div>
        <ul className="member-menu__list">
          <li>
            <Link
              className="member-menu__item"
              to={accountHref()}
              onClick={() => {
                disclosure.close();
              }}
            >
              <Icon name="user" size={18} />
              {t('member.account')}
            </Link>
          </li>
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
      </div>
    </div>
  );
}
