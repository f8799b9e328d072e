import {
  IPHONE_HIDDEN_MEDIA_TYPES,
  MEDIA_TYPE_VERBS,
  type MediaType,
  type MediaVerb,
  displayAreaSlug,
} from './media-types';
import type { Layout } from './tags';

/** Media type definition of spec section 3: title, colours, icon, verb, display area. */
export interface MediaTypeDefinition {
  type: MediaType;
  title: string;
  verb: MediaVerb;
  icon: string;
  color: string;
  lightColor: string;
  subTextColor: string;
  mainTextColor: string;
  secondaryColor: string;
  display_area_slug: string;
}

export type MenuItemType = 'home' | MediaType | 'marketplace' | 'giveaways';

/** Menu item of spec section 3. `title` is a translation key for built-in items. */
export interface MenuItem {
  type: MenuItemType;
  title: string;
  display_area_slug: string;
  icon: string;
  color: string;
  lightColor: string;
  subTextColor: string;
  mainTextColor: string;
  secondaryColor: string;
  submenu_type: string | null;
}

type Palette = Pick<
  MenuItem,
  'icon' | 'color' | 'lightColor' | 'subTextColor' | 'mainTextColor' | 'secondaryColor'
>;

/** Default palette and icons per media type; titles are locale keys (`media.<type>.title`). */
export const DEFAULT_MEDIA_TYPE_PALETTE: Record<MediaType, Palette> = {
  audiobook: {
    icon: 'headphones',
    color: '#f5a524',
    lightColor: '#ffd38a',
    subTextColor: '#c9c3b8',
    mainTextColor: '#ffffff',
    secondaryColor: '#3a2a0c',
  },
  ebook: {
    icon: 'book',
    color: '#3ecf8e',
    lightColor: '#a7f0cd',
    subTextColor: '#b8c9c0',
    mainTextColor: '#ffffff',
    secondaryColor: '#0d3323',
  },
  music: {
    icon: 'music',
    color: '#e5484d',
    lightColor: '#ffa8ab',
    subTextColor: '#c9b8b9',
    mainTextColor: '#ffffff',
    secondaryColor: '#3b1114',
  },
  movie: {
    icon: 'film',
    color: '#6e56cf',
    lightColor: '#c4b8f3',
    subTextColor: '#bdb8c9',
    mainTextColor: '#ffffff',
    secondaryColor: '#1f1740',
  },
  game: {
    icon: 'gamepad',
    color: '#0091ff',
    lightColor: '#9fd2ff',
    subTextColor: '#b8c2c9',
    mainTextColor: '#ffffff',
    secondaryColor: '#08263f',
  },
  stream: {
    icon: 'trophy',
    color: '#30a46c',
    lightColor: '#9be3bd',
    subTextColor: '#b8c9bf',
    mainTextColor: '#ffffff',
    secondaryColor: '#0c2e1d',
  },
  software: {
    icon: 'download',
    color: '#978365',
    lightColor: '#dccbb0',
    subTextColor: '#c9c2b8',
    mainTextColor: '#ffffff',
    secondaryColor: '#2e2619',
  },
};

/** The clickcoins layout remaps colours and icons (spec section 4). */
const CLICKCOINS_PALETTE: Record<MenuItemType, Palette> = {
  home: {
    icon: 'coins',
    color: '#ffc53d',
    lightColor: '#ffe7a3',
    subTextColor: '#d6cfbf',
    mainTextColor: '#1a1400',
    secondaryColor: '#3d2e00',
  },
  marketplace: {
    icon: 'cart',
    color: '#ff8b3e',
    lightColor: '#ffc9a3',
    subTextColor: '#d6c7bf',
    mainTextColor: '#1a0b00',
    secondaryColor: '#3d1c05',
  },
  giveaways: {
    icon: 'coin-gift',
    color: '#ffd60a',
    lightColor: '#fff0a3',
    subTextColor: '#d6d1bf',
    mainTextColor: '#1a1600',
    secondaryColor: '#3d3300',
  },
  audiobook: {
    icon: 'coin-headphones',
    color: '#ffb224',
    lightColor: '#ffdc9e',
    subTextColor: '#d6cdbf',
    mainTextColor: '#1a1100',
    secondaryColor: '#3d2900',
  },
  ebook: {
    icon: 'coin-book',
    color: '#f76b15',
    lightColor: '#ffc19e',
    subTextColor: '#d6c6bf',
    mainTextColor: '#1a0a00',
    secondaryColor: '#3d1a05',
  },
  music: {
    icon: 'coin-music',
    color: '#e54666',
    lightColor: '#ffadbd',
    subTextColor: '#d6bfc4',
    mainTextColor: '#1a0006',
    secondaryColor: '#3d0c17',
  },
  movie: {
    icon: 'coin-film',
    color: '#d6409f',
    lightColor: '#f7a8da',
    subTextColor: '#d6bfcd',
    mainTextColor: '#1a0011',
    secondaryColor: '#3d0c2b',
  },
  game: {
    icon: 'coin-gamepad',
    color: '#ab4aba',
    lightColor: '#e3b0eb',
    subTextColor: '#cfbfd6',
    mainTextColor: '#12001a',
    secondaryColor: '#2e0c3d',
  },
  stream: {
    icon: 'coin-trophy',
    color: '#46a758',
    lightColor: '#a9e0b4',
    subTextColor: '#bfd6c4',
    mainTextColor: '#001a05',
    secondaryColor: '#0c3d17',
  },
  software: {
    icon: 'coin-download',
    color: '#12a594',
    lightColor: '#9ee6dc',
    subTextColor: '#bfd6d3',
    mainTextColor: '#001a16',
    secondaryColor: '#0c3d37',
  },
};

/** The giveaways item (issue 16): after the media types, where giveaways are enabled. */
const GIVEAWAYS_PALETTE: Palette = {
  icon: 'gift',
  color: '#f5d90a',
  lightColor: '#fff3a3',
  subTextColor: '#c9c6b8',
  mainTextColor: '#ffffff',
  secondaryColor: '#35300a',
};

const HOME_PALETTE: Palette = {
  icon: 'home',
  color: '#8b8d98',
  lightColor: '#d3d4db',
  subTextColor: '#b9bbc6',
  mainTextColor: '#ffffff',
  secondaryColor: '#1e1f24',
};

export function mediaTypeDefinition(type: MediaType, overrides?: Partial<Palette>): MediaTypeDefinition {
  return {
    type,
    title: `media.${type}.title`,
    verb: MEDIA_TYPE_VERBS[type],
    ...DEFAULT_MEDIA_TYPE_PALETTE[type],
    ...overrides,
    display_area_slug: displayAreaSlug(type),
  };
}

export interface BuildMenuOptions {
  /** Media type definitions in menu order, after custom media types are applied. */
  definitions: readonly MediaTypeDefinition[];
  layout: Layout;
  /** True for iPhone user agents, which never see game and software (spec section 5). */
  isIphone: boolean;
  /** Whether giveaways are enabled for this member here (`sweepsEnablement`, judged by the server). */
  giveaways?: boolean;
  /**
   * True where the brand's `ecommerce` flag offers the marketplace (spec section 4): the default layout
   * then ends with a Marketplace item. The clickcoins layout always has it, second.
   */
  marketplace?: boolean;
}

/** The Marketplace item's palette outside the clickcoins layout. */
const DEFAULT_MARKETPLACE_PALETTE: Palette = {
  icon: 'cart',
  color: '#ff8b3e',
  lightColor: '#ffc9a3',
  subTextColor: '#c9bfb8',
  mainTextColor: '#ffffff',
  secondaryColor: '#3d1c05',
};

/**
 * The main menu: home, one entry per media type, then giveaways where enabled, then the marketplace
 * where the brand offers it; the clickcoins layout remaps it.
 */
export function buildMenu({
  definitions,
  layout,
  isIphone,
  giveaways = false,
  marketplace = false,
}: BuildMenuOptions): MenuItem[] {
  const items: MenuItem[] = [
    { type: 'home', title: 'menu.home', display_area_slug: 'home', submenu_type: null, ...HOME_PALETTE },
    ...definitions
      .filter((definition) => !(isIphone && IPHONE_HIDDEN_MEDIA_TYPES.includes(definition.type)))
      .map((definition): MenuItem => ({
        type: definition.type,
        title: definition.title,
        display_area_slug: definition.display_area_slug,
        icon: definition.icon,
        color: definition.color,
        lightColor: definition.lightColor,
        subTextColor: definition.subTextColor,
        mainTextColor: definition.mainTextColor,
        secondaryColor: definition.secondaryColor,
        submenu_type: 'media',
      })),
    ...(giveaways
      ? [
          {
            type: 'giveaways' as const,
            title: 'menu.giveaways',
            display_area_slug: 'giveaways',
            submenu_type: null,
            ...GIVEAWAYS_PALETTE,
          },
        ]
      : []),
  ];
  if (layout === 'clickcoins') return applyClickcoinsLayout(items);
  if (!marketplace) return items;
  return [
    ...items,
    {
      type: 'marketplace',
      title: 'menu.marketplace',
      display_area_slug: 'marketplace',
      submenu_type: null,
      ...DEFAULT_MARKETPLACE_PALETTE,
    },
  ];
}

function applyClickcoinsLayout(items: readonly MenuItem[]): MenuItem[] {
  const remapped = items.map((item) => ({ ...item, ...CLICKCOINS_PALETTE[item.type] }));
  const marketplace: MenuItem = {
    type: 'marketplace',
    title: 'menu.marketplace',
    display_area_slug: 'marketplace',
    submenu_type: null,
    ...CLICKCOINS_PALETTE.marketplace,
  };
  return [...remapped.slice(0, 1), marketplace, ...remapped.slice(1)];
}
