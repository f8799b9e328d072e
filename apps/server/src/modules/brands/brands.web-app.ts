import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve, sep } from 'node:path';

import { type SiteConfig, parseHexColor } from '@member/domain';
import { Resvg, initWasm } from '@resvg/resvg-wasm';
import { Jimp, JimpMime } from 'jimp';

/*
 * The installable web app (issue 14, item 14): a manifest per brand, served for the request's hostname,
 * and its icons as PNGs in the sizes browsers ask for, drawn on the server from the brand's icon (SVG
 * through resvg, PNG or JPEG through jimp) and kept in memory. Decision 040.
 */

/** The icons the manifest lists: `any` icons are the brand's icon as it is; `maskable` keeps the safe zone. */
export const WEB_APP_ICONS = [
  { name: 'icon-192.png', size: 192, purpose: 'any' },
  { name: 'icon-512.png', size: 512, purpose: 'any' },
  { name: 'maskable-512.png', size: 512, purpose: 'maskable' },
  { name: 'apple-touch-icon.png', size: 180, purpose: 'apple' },
] as const;
export type WebAppIconName = (typeof WEB_APP_ICONS)[number]['name'];
type IconSpec = (typeof WEB_APP_ICONS)[number];

/** The colour of a brand whose site config has none that reads: the app's own dark background. */
export const FALLBACK_COLOR = '#0b0d12';
/** A maskable icon's picture fits in the central 80% (the platform may cut the rest into a circle). */
const MASKABLE_SAFE_ZONE = 0.8;
/** Brand icons larger than this are refused rather than decoded. */
const MAX_ICON_BYTES = 1024 * 1024;
/** Drawn icons kept in memory: a few per brand. */
const CACHE_MAX_ENTRIES = 200;

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

/** A hex colour of the site config, else the fallback (a manifest with a bad colour is refused). */
function colorOr(value: string | undefined, fallback: string): string {
  const rgb = value ? parseHexColor(value) : null;
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : fallback;
}

/** The brand's app colours: the surface colour for the bar and the splash screen (the app is always dark). */
export function webAppColors(brand: Pick<SiteConfig, 'colors'>): { theme: string; background: string } {
  const secondary = colorOr(brand.colors.secondary, FALLBACK_COLOR);
  return { theme: secondary, background: secondary };
}

/** Home screens show about 12 characters under an icon. */
const SHORT_NAME_MAX = 12;

/** A short name for a home screen: the brand's name when short enough, else its first word, cut to 12. */
export function shortName(name: string): string {
  const characters = (text: string) =>
    Array.from(
      new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
      (part) => part.segment,
    );
  const trimmed = name.trim();
  if (characters(trimmed).length <= SHORT_NAME_MAX) return trimmed;
  const first = trimmed.split(/\s+/)[0] ?? trimmed;
  return characters(first).slice(0, SHORT_NAME_MAX).join('');
}

/** What changes an icon's pixels: its URLs carry it, so they can be cached for a year. */
export function iconVersion(brand: Pick<SiteConfig, 'icon' | 'colors'>): string {
  return createHash('sha256')
    .update(`${brand.icon}\n${webAppColors(brand).background}`)
    .digest('base64url')
    .slice(0, 12);
}

export const iconHref = (brand: Pick<SiteConfig, 'icon' | 'colors'>, name: WebAppIconName) =>
  `/web-app/${name}?v=${iconVersion(brand)}`;

/** The manifest of a brand (the member's language is the brand's first, as the page's default). */
export function webAppManifest(brand: SiteConfig): WebAppManifest {
  const colors = webAppColors(brand);
  return {
    id: '/',
    name: brand.name,
    short_name: shortName(brand.name),
    description: brand.name,
    lang: brand.languages[0] ?? 'en-us',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: colors.background,
    theme_color: colors.theme,
    icons: WEB_APP_ICONS.filter((icon) => icon.purpose !== 'apple').map((icon) => ({
      src: iconHref(brand, icon.name),
      sizes: `${String(icon.size)}x${String(icon.size)}`,
      type: 'image/png',
      purpose: icon.purpose === 'maskable' ? 'maskable' : 'any',
    })),
  };
}

let wasmReady: Promise<void> | null = null;

/** resvg's WebAssembly, compiled once per process on first use. */
function resvgReady(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm'));
    await initWasm(wasm);
  })().catch((error: unknown) => {
    wasmReady = null;
    throw error;
  });
  return wasmReady;
}

/** An SVG drawn to a square PNG `size` pixels wide. */
async function svgToPng(svg: string, size: number): Promise<Buffer> {
  await resvgReady();
  const renderer = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false },
  });
  try {
    const image = renderer.render();
    try {
      return Buffer.from(image.asPng());
    } finally {
      image.free();
    }
  } finally {
    renderer.free();
  }
}

/** The picture of a brand with no readable icon: a rounded square of its accent colour. */
function fallbackSvg(brand: Pick<SiteConfig, 'colors'>): string {
  const accent = colorOr(brand.colors.accent, '#6e8bff');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${accent}"/></svg>`;
}

interface IconSource {
  kind: 'svg' | 'raster';
  data: Buffer;
}

export interface WebAppIconsDeps {
  /** Where `/static/` is served from (config.assetsDir): brand icons under it are read from disk. */
  assetsDir: string;
}

/**
 * Draws and caches a brand's app icons. The brand's icon is read from the static folder when it is a
 * `/static/` path (never outside it); an icon elsewhere (another origin), missing, too large or
 * unreadable gives the accent-coloured fallback, so the app stays installable.
 */
export function createWebAppIcons({ assetsDir }: WebAppIconsDeps) {
  const root = resolve(assetsDir);
  const cache = new Map<string, Promise<Buffer>>();

  async function source(brand: Pick<SiteConfig, 'icon' | 'colors'>): Promise<IconSource> {
    const fallback: IconSource = { kind: 'svg', data: Buffer.from(fallbackSvg(brand)) };
    const path = brand.icon.split(/[?#]/)[0] ?? '';
    if (!path.startsWith('/static/')) return fallback;
    const file = resolve(root, decodeURIComponent(path.slice('/static/'.length)));
    if (!file.startsWith(root + sep)) return fallback;
    try {
      const data = await readFile(file);
      if (data.length > MAX_ICON_BYTES) return fallback;
      return { kind: /\.svgz?$/i.test(file) ? 'svg' : 'raster', data };
    } catch {
      return fallback;
    }
  }

  /** The picture alone, `size` pixels square (a raster icon is fitted inside, keeping its proportions). */
  async function picture(icon: IconSource, size: number): Promise<Buffer> {
    if (icon.kind === 'svg') return svgToPng(icon.data.toString('utf8'), size);
    const image = await Jimp.fromBuffer(icon.data);
    image.contain({ w: size, h: size });
    return image.getBuffer(JimpMime.png);
  }

  async function draw(brand: Pick<SiteConfig, 'icon' | 'colors'>, spec: IconSpec): Promise<Buffer> {
    let icon = await source(brand);
    let plain: Buffer;
    const inner = spec.purpose === 'any' ? spec.size : Math.round(spec.size * MASKABLE_SAFE_ZONE);
    try {
      plain = await picture(icon, inner);
    } catch {
      icon = { kind: 'svg', data: Buffer.from(fallbackSvg(brand)) };
      plain = await picture(icon, inner);
    }
    if (spec.purpose === 'any') return plain;
    // Maskable and Apple icons are opaque squares: the picture centred on the brand's background.
    const rgb = parseHexColor(webAppColors(brand).background) ?? [11, 13, 18];
    const color = ((rgb[0] << 24) | (rgb[1] << 16) | (rgb[2] << 8) | 0xff) >>> 0;
    const canvas = new Jimp({ width: spec.size, height: spec.size, color });
    const overlay = await Jimp.fromBuffer(plain);
    const offset = Math.round((spec.size - overlay.width) / 2);
    canvas.composite(overlay, offset, Math.round((spec.size - overlay.height) / 2));
    return canvas.getBuffer(JimpMime.png);
  }

  /** The PNG of one of the brand's app icons, drawn once per brand, icon and colour. */
  function icon(brand: Pick<SiteConfig, 'id' | 'icon' | 'colors'>, name: WebAppIconName): Promise<Buffer> {
    const spec = WEB_APP_ICONS.find((candidate) => candidate.name === name) ?? WEB_APP_ICONS[0];
    const key = `${String(brand.id)}:${iconVersion(brand)}:${spec.name}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const drawn = draw(brand, spec);
    drawn.catch(() => cache.delete(key));
    if (cache.size >= CACHE_MAX_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(key, drawn);
    return drawn;
  }

  return { icon };
}

export type WebAppIcons = ReturnType<typeof createWebAppIcons>;

export const isWebAppIconName = (name: string): name is WebAppIconName =>
  WEB_APP_ICONS.some((icon) => icon.name === name);
