import { MEDIA_TYPES, buildMenu, mediaTypeDefinition } from '@member/domain';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { MENU_GLYPHS, type IconId } from './icons';

const symbols = new Set([...indexHtml.matchAll(/<symbol id="icon-([\w-]+)"/g)].map((match) => match[1]));
// Keep in step with IconId: the compiler checks this list against the type.
const INTERFACE_ICONS: Record<IconId, true> = {
  menu: true,
  close: true,
  'chevron-down': true,
  user: true,
  'sign-out': true,
  sparkles: true,
  alert: true,
  compass: true,
  search: true,
  bookmark: true,
  playlist: true,
  history: true,
  'playlist-add': true,
  check: true,
  package: true,
};

describe('icon sprite', () => {
  it('has a symbol for every icon the interface draws', () => {
    const drawn = [...Object.keys(INTERFACE_ICONS), ...MENU_GLYPHS, 'coin-ring'];
    expect(drawn.filter((name) => !symbols.has(name))).toEqual([]);
  });

  it('draws every icon name the domain gives menu items, in both layouts', () => {
    const definitions = MEDIA_TYPES.map((type) => mediaTypeDefinition(type));
    const names = (['default', 'clickcoins'] as const).flatMap((layout) =>
      buildMenu({ definitions, layout, isIphone: false, giveaways: true }).map((item) =>
        item.icon.replace(/^coin-/, ''),
      ),
    );
    expect(names.filter((name) => !(MENU_GLYPHS as readonly string[]).includes(name))).toEqual([]);
  });
});
