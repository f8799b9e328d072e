import { Icon, MENU_GLYPHS, type MenuGlyph } from '../../../components/ui/icons';

const COIN_PREFIX = 'coin-';

function isMenuGlyph(name: string): name is MenuGlyph {
  return (MENU_GLYPHS as readonly string[]).includes(name);
}

/**
 * The icon for a menu item's `icon` name, tinted with the item's colour. The clickcoins layout's
 * `coin-<name>` icons are the same glyph, smaller, inside a coin.
 */
export function MenuItemIcon({ name, color }: { name: string; color: string }) {
  const isCoin = name.startsWith(COIN_PREFIX);
  const glyph = isCoin ? name.slice(COIN_PREFIX.length) : name;
  const id = isMenuGlyph(glyph) ? glyph : 'dot';
  if (!isCoin) return <Icon name={id} style={{ color }} />;
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={{ color }}
    >
      <use href="#icon-coin-ring" strokeWidth="1.8" />
      <use href={`#icon-${id}`} transform="translate(5.4 5.4) scale(0.55)" strokeWidth="3" />
    </svg>
  );
}
