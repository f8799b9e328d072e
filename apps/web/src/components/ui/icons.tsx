import type { SVGProps } from 'react';

/**
 * Icons of the interface. Their drawings are <symbol>s of the inline SVG sprite in index.html (24-unit
 * strokes in the current text colour), so they cost no JavaScript.
 */
export type IconId =
  | 'menu'
  | 'close'
  | 'chevron-down'
  | 'user'
  | 'sign-out'
  | 'sparkles'
  | 'alert'
  | 'compass'
  | 'search'
  | 'bookmark'
  | 'playlist'
  | 'history'
  | 'playlist-add'
  | 'check'
  | 'package';

/** Glyphs for the main menu's icon names (packages/domain/src/menu.ts), plus a neutral fallback. */
export const MENU_GLYPHS = [
  'home',
  'headphones',
  'book',
  'music',
  'film',
  'gamepad',
  'trophy',
  'download',
  'coins',
  'cart',
  'gift',
  'dot',
] as const;
export type MenuGlyph = (typeof MENU_GLYPHS)[number];

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** A symbol of the sprite: `#icon-<name>`. */
  name: IconId | MenuGlyph;
  size?: number;
}

/** A decorative icon; the text beside it carries the meaning. */
export function Icon({ name, size = 20, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
