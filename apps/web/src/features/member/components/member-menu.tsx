import { memberDisplayName, type MemberClaims } from '@member/domain';
import { useState } from 'react';
import { Icon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n';
import { onDemand, useOnDemand } from '../../../lib/on-demand';
import { useDisclosure } from '../../../lib/use-disclosure';

// The panel's code (links, language switch, sign out) loads when the member first points at, focuses or
// opens the button: the first page carries only the button (decisions 009 and 017).
const memberMenuPanel = onDemand(() => import('./member-menu-panel'));

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
 * The member's menu: a button with their name that shows a panel with the account and library links,
 * the language switch and sign out.
 */
export function MemberMenu({ member }: { member: MemberClaims }) {
  const { t } = useI18n();
  const disclosure = useDisclosure<HTMLButtonElement, HTMLDivElement>();
  const [pointedAt, setPointedAt] = useState(false);
  const wanted = pointedAt || disclosure.isOpen;
  const Panel = useOnDemand(memberMenuPanel, wanted)?.MemberMenuPanel;
  const name = memberDisplayName(member);
  const want = () => {
    setPointedAt(true);
  };

  return (
    <div className="member-menu" onBlur={disclosure.handleBlur}>
      <button
        type="button"
        className="member-menu__button"
        {...disclosure.buttonProps}
        onPointerEnter={want}
        onFocus={want}
      >
        <Avatar member={member} name={name} />
        <span className="member-menu__name">{name}</span>
        <Icon name="chevron-down" size={16} className="member-menu__chevron" />
      </button>
      <div className="member-menu__panel" {...disclosure.panelProps} hidden={!disclosure.isOpen}>
        {Panel && wanted ? (
          <Panel member={member} name={name} isOpen={disclosure.isOpen} close={disclosure.close} />
        ) : disclosure.isOpen ? (
          <p className="member-menu__status" role="status">
            {t('app.loading')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
