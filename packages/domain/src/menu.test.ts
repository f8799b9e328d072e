import { describe, expect, it } from 'vitest';

import { MEDIA_TYPES, MEDIA_TYPE_VERBS, type MediaType } from './media-types';
import { DEFAULT_MEDIA_TYPE_PALETTE, type MenuItem, buildMenu, mediaTypeDefinition } from './menu';

const ALL = MEDIA_TYPES.map((type) => mediaTypeDefinition(type));
const PALETTE_KEYS = [
  'icon',
  'color',
  'lightColor',
  'subTextColor',
  'mainTextColor',
  'secondaryColor',
] as const;

function types(items: readonly MenuItem[]): string[] {
  return items.map((item) => item.type);
}

describe('mediaTypeDefinition', () => {
  it('builds the default definition of a type', () => {
    expect(mediaTypeDefinition('ebook')).toEqual({
      type: 'ebook',
      title: 'media.ebook.title',
      verb: 'read',
      ...DEFAULT_MEDIA_TYPE_PALETTE.ebook,
      display_area_slug: 'ebook_overview',
    });
  });

  it('applies palette overrides but never changes the display area', () => {
    const overrides = { color: '#000000', icon: 'star', display_area_slug: 'hacked' };
    const definition = mediaTypeDefinition('music', overrides);
    expect(definition.color).toBe('#000000');
    expect(definition.icon).toBe('star');
    expect(definition.lightColor).toBe(DEFAULT_MEDIA_TYPE_PALETTE.music.lightColor);
    expect(definition.display_area_slug).toBe('music_overview');
    expect(definition.verb).toBe(MEDIA_TYPE_VERBS.music);
  });
});

describe('buildMenu', () => {
  it('lists home then the media types in the given order by default', () => {
    const menu = buildMenu({ definitions: ALL, layout: 'default', isIphone: false });
    expect(types(menu)).toEqual(['home', ...MEDIA_TYPES]);
    const reordered = [mediaTypeDefinition('movie'), mediaTypeDefinition('audiobook')];
    expect(types(buildMenu({ definitions: reordered, layout: 'default', isIphone: false }))).toEqual([
      'home',
      'movie',
      'audiobook',
    ]);
  });

  it('gives home its own entry and media types the media submenu', () => {
    const [home, ...media] = buildMenu({ definitions: ALL, layout: 'default', isIphone: false });
    expect(home).toMatchObject({
      type: 'home',
      title: 'menu.home',
      display_area_slug: 'home',
      submenu_type: null,
    });
    for (const item of media) expect(item.submenu_type).toBe('media');
  });

  it('gives every media type item the display area {type}_overview and its definition palette', () => {
    for (const layout of ['default', 'clickcoins'] as const) {
      for (const item of buildMenu({ definitions: ALL, layout, isIphone: false })) {
        if ((MEDIA_TYPES as readonly string[]).includes(item.type)) {
          expect(item.display_area_slug).toBe(`${item.type}_overview`);
          expect(item.title).toBe(`media.${item.type}.title`);
        }
      }
    }
    for (const item of buildMenu({ definitions: ALL, layout: 'default', isIphone: false }).slice(1)) {
      const palette = DEFAULT_MEDIA_TYPE_PALETTE[item.type as MediaType];
      for (const key of PALETTE_KEYS) expect(item[key]).toBe(palette[key]);
    }
  });

  it('keeps custom colours from the definitions in the default layout', () => {
    const menu = buildMenu({
      definitions: [mediaTypeDefinition('movie', { color: '#123456' })],
      layout: 'default',
      isIphone: false,
    });
    expect(menu[1]?.color).toBe('#123456');
  });

  it('hides game and software on iPhone', () => {
    expect(types(buildMenu({ definitions: ALL, layout: 'default', isIphone: true }))).toEqual([
      'home',
      'audiobook',
      'ebook',
      'music',
      'movie',
      'stream',
    ]);
    const onlyHidden = [mediaTypeDefinition('game'), mediaTypeDefinition('software')];
    expect(types(buildMenu({ definitions: onlyHidden, layout: 'default', isIphone: true }))).toEqual([
      'home',
    ]);
  });

  it('ends with the giveaways item only where giveaways are enabled, in both layouts', () => {
    expect(types(buildMenu({ definitions: ALL, layout: 'default', isIphone: false }))).not.toContain(
      'giveaways',
    );
    const menu = buildMenu({ definitions: ALL, layout: 'default', isIphone: false, giveaways: true });
    expect(types(menu)).toEqual(['home', ...MEDIA_TYPES, 'giveaways']);
    expect(menu.at(-1)).toMatchObject({
      title: 'menu.giveaways',
      display_area_slug: 'giveaways',
      submenu_type: null,
      icon: 'gift',
    });
    const coins = buildMenu({ definitions: [], layout: 'clickcoins', isIphone: true, giveaways: true });
    expect(types(coins)).toEqual(['home', 'marketplace', 'giveaways']);
    expect(coins.at(-1)?.icon).toBe('coin-gift');
  });

  it('shows only home without media types', () => {
    expect(types(buildMenu({ definitions: [], layout: 'default', isIphone: false }))).toEqual(['home']);
  });

  it('inserts the marketplace second in the clickcoins layout', () => {
    const menu = buildMenu({ definitions: ALL, layout: 'clickcoins', isIphone: false });
    expect(types(menu)).toEqual(['home', 'marketplace', ...MEDIA_TYPES]);
    expect(menu[1]).toMatchObject({
      type: 'marketplace',
      title: 'menu.marketplace',
      display_area_slug: 'marketplace',
      submenu_type: null,
      icon: 'cart',
    });
    expect(types(buildMenu({ definitions: [], layout: 'clickcoins', isIphone: false }))).toEqual([
      'home',
      'marketplace',
    ]);
  });

  it('ends the default layout with the marketplace where the ecommerce flag offers it, and only there', () => {
    expect(
      types(buildMenu({ definitions: ALL, layout: 'default', isIphone: false, marketplace: true })),
    ).toEqual(['home', ...MEDIA_TYPES, 'marketplace']);
    expect(types(buildMenu({ definitions: ALL, layout: 'default', isIphone: false }))).not.toContain(
      'marketplace',
    );
    // The clickcoins layout has it once, second, flag or not.
    expect(
      types(buildMenu({ definitions: [], layout: 'clickcoins', isIphone: false, marketplace: true })),
    ).toEqual(['home', 'marketplace']);
  });

  it('combines the clickcoins layout with the iPhone rule', () => {
    expect(types(buildMenu({ definitions: ALL, layout: 'clickcoins', isIphone: true }))).toEqual([
      'home',
      'marketplace',
      'audiobook',
      'ebook',
      'music',
      'movie',
      'stream',
    ]);
  });

  it('remaps the colours and icons of every item in the clickcoins layout', () => {
    const plain = buildMenu({ definitions: ALL, layout: 'default', isIphone: false });
    const coins = buildMenu({ definitions: ALL, layout: 'clickcoins', isIphone: false });
    const coinsWithoutMarketplace = coins.filter((item) => item.type !== 'marketplace');
    expect(coinsWithoutMarketplace).toHaveLength(plain.length);
    plain.forEach((item, index) => {
      const remapped = coinsWithoutMarketplace[index]!;
      expect(remapped.type).toBe(item.type);
      expect(remapped.title).toBe(item.title);
      expect(remapped.display_area_slug).toBe(item.display_area_slug);
      expect(remapped.submenu_type).toBe(item.submenu_type);
      expect(remapped.icon).not.toBe(item.icon);
      expect(remapped.color).not.toBe(item.color);
    });
    expect(coins[0]?.icon).toBe('coins');
    expect(coins.find((item) => item.type === 'game')?.icon).toBe('coin-gamepad');
  });

  it('gives every item a complete palette in every layout', () => {
    for (const layout of ['default', 'clickcoins'] as const) {
      for (const isIphone of [false, true]) {
        for (const item of buildMenu({ definitions: ALL, layout, isIphone })) {
          for (const key of PALETTE_KEYS) expect(item[key]).toBeTruthy();
          for (const key of PALETTE_KEYS.slice(1)) expect(item[key]).toMatch(/^#[0-9a-f]{6}$/);
        }
      }
    }
  });

  it('does not mutate the definitions', () => {
    const definitions = MEDIA_TYPES.map((type) => mediaTypeDefinition(type));
    const snapshot: unknown = JSON.parse(JSON.stringify(definitions));
    buildMenu({ definitions, layout: 'clickcoins', isIphone: true });
    expect(definitions).toEqual(snapshot);
  });
});
