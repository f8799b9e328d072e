import type { MenuItem } from '@member/domain';
import { gql, graphqlRequest } from '../../../lib/graphql';

const MENU_ITEMS_QUERY = gql<{ content: { menuItems: MenuItem[] } }, { brandId: number }>(`
  query MenuItems($brandId: Int!) {
    content {
      menuItems(brandId: $brandId) {
        type title display_area_slug icon color lightColor subTextColor mainTextColor secondaryColor submenu_type
      }
    }
  }
`);

/** The main menu, in order: the server has already applied the layout and custom media types. */
export async function getMenuItems(brandId: number): Promise<MenuItem[]> {
  const data = await graphqlRequest(MENU_ITEMS_QUERY, { brandId });
  return data.content.menuItems;
}

export interface MenuCache {
  /** The menu for this brand and member, fetched once and shared by every loader that needs it. */
  load: (brandId: number, memberId: number) => Promise<MenuItem[]>;
}

export function createMenuCache(
  fetchMenu: (brandId: number) => Promise<MenuItem[]> = getMenuItems,
): MenuCache {
  const entries = new Map<string, Promise<MenuItem[]>>();
  return {
    load(brandId, memberId) {
      const key = `${brandId}:${memberId}`;
      let entry = entries.get(key);
      if (!entry) {
        entry = fetchMenu(brandId);
        // A failed load is retried by the next navigation rather than cached.
        void entry.catch(() => entries.delete(key));
        entries.set(key, entry);
      }
      return entry;
    },
  };
}

/** Where a menu item leads: home to `/`, a media type to its browse page, marketplace to its page. */
export function menuItemHref(item: Pick<MenuItem, 'type'>): string {
  switch (item.type) {
    case 'home':
      return '/';
    case 'marketplace':
      return '/marketplace';
    case 'giveaways':
      return '/giveaways';
    case 'audiobook':
    case 'ebook':
    case 'music':
    case 'movie':
    case 'game':
    case 'stream':
    case 'software':
      return `/browse/${item.type}`;
  }
}
