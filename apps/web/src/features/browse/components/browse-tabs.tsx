import type { MediaType } from '@member/domain';
import { NavLink } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { BROWSE_TABS } from '../api/browse-loaders';
import { browseHref } from './browse-links';

/** The tabs of a media type's browse page as links (each tab has its own URL, spec section 2). */
export function BrowseTabs({ media }: { media: MediaType }) {
  const { t } = useI18n();
  return (
    <nav className="browse-tabs" aria-label={t('browse.tabsLabel', { media: t(`media.${media}.title`) })}>
      <ul className="browse-tabs__list">
        <li>
          <NavLink className="browse-tabs__link" to={browseHref(media)} end>
            {t('browse.tab.overview')}
          </NavLink>
        </li>
        {BROWSE_TABS.map((tab) => (
          <li key={tab}>
            <NavLink className="browse-tabs__link" to={browseHref(media, tab)} end>
              {t(`browse.tab.${tab}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
