import type { MenuItem } from '@member/domain';
import { Fragment, type Ref, useId } from 'react';
import { NavLink } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { LIBRARY_LINKS } from '../../../config/library-links';
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

/**
 * The main menu: the server's items in its order (spec section 3, the layout's order and colours), then
 * the member's library (collection, playlists, history) as a group of its own. The current item is marked
 * with aria-current="page".
 */
export function MainMenu({ items, isOpen, panelId, panelRef, onNavigate }: MainMenuProps) {
  const { t, translateText } = useI18n();
  const libraryId = useId();
  return (
    <nav className="main-menu" aria-label={t('nav.mainLabel')} id={panelId} ref={panelRef} data-open={isOpen}>
      <ul className="main-menu__list">
        {items.map((item) => (
          <Fragment key={item.type}>
            <li>
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
            {/* Where the marketplace is offered, its shippable products (spec section 2) follow it. */}
            {item.type === 'marketplace' ? (
              <li>
                <NavLink to="/shippable" className="main-menu__link" onClick={onNavigate}>
                  <span className="main-menu__icon" style={{ backgroundColor: item.secondaryColor }}>
                    <Icon name="package" style={{ color: item.color }} />
                  </span>
                  <span className="main-menu__label">{t('shop.shippableTitle')}</span>
                </NavLink>
              </li>
            ) : null}
          </Fragment>
        ))}
      </ul>
      <p className="main-menu__heading" id={libraryId}>
        {t('nav.library')}
      </p>
      <ul className="main-menu__list" aria-labelledby={libraryId}>
        {LIBRARY_LINKS.map(({ href, icon, title }) => (
          <li key={href}>
            <NavLink to={href} className="main-menu__link" onClick={onNavigate}>
              <span className="main-menu__icon main-menu__icon--library">
                <Icon name={icon} />
              </span>
              <span className="main-menu__label">{t(title)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
