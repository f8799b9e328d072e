import type { MenuItem } from '@member/domain';
import type { Ref } from 'react';
import { NavLink } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { menuItemHref } from '../api/get-menu-items';
import { MenuItemIcon } from './menu-icon';

interface MainMenuProps {
  items: readonly MenuItem[];
  /** On a phone the menu is a panel that the header's menu button shows and hides. */
  isOpen: boolean;
  panelId: string;
  panelRef: Ref<HTMLElement>;
  onNavigate: () => void;
}

/** The main menu in the server's order; the current item is marked with aria-current="page". */
export function MainMenu({ items, isOpen, panelId, panelRef, onNavigate }: MainMenuProps) {
  const { t, translateText } = useI18n();
  return (
    <nav className="main-menu" aria-label={t('nav.mainLabel')} id={panelId} ref={panelRef} data-open={isOpen}>
      <ul className="main-menu__list">
        {items.map((item) => (
          <li key={item.type}>
            <NavLink
              to={menuItemHref(item)}
              end={item.type === 'home'}
              className="main-menu__link"
              onClick={onNavigate}
            >
              <span className="main-menu__icon" style={{ backgroundColor: item.secondaryColor }}>
                <MenuItemIcon name={item.icon} color={item.color} />
              </span>
              <span className="main-menu__label">{translateText(item.title)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
