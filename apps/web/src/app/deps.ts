import type { MenuCache } from '../features/menu/api/get-menu-items';
import type { I18nStore } from '../lib/i18n';
import type { SessionStore } from '../lib/session';

/** What the route table's loaders and actions need; main.tsx builds it once, tests build their own. */
export interface AppDeps {
  session: SessionStore;
  i18n: I18nStore;
  menu: MenuCache;
}
