import type { BrandColors, ThemeColors } from './site-config';

type Rgb = readonly [number, number, number];

/** WCAG AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;
/**
 * The web app's lightest surface that text sits on (--color-surface-raised in its tokens.css). Text
 * lighter than it that reaches 4.5:1 on it reaches more on every darker surface.
 */
const RAISED_SURFACE: Rgb = [0x1d, 0x21, 0x30];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const FALLBACK_ACCENT: Rgb = [0x6e, 0x8b, 0xff];

export function parseHexColor(color: string): Rgb | null {
  let hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = hex.replace(/./g, '$&$&');
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  const channel = (index: number): number => parseInt(hex.slice(index, index + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

const toHex = (rgb: Rgb): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, from 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * The brand's colours made readable on the always-dark interface (WCAG AA). Brand colours come from
 * configuration, so the server corrects them once, before any page shows them: text on the accent is
 * the brand's choice when readable, else black or white (one of them always reaches 4.58:1); the
 * accent used as text (links, focus rings) is lightened until it reads on every surface.
 */
export function readableBrandColors(colors: BrandColors): ThemeColors {
  const accent = parseHexColor(colors.accent) ?? FALLBACK_ACCENT;
  const preferred = parseHexColor(colors.accentContrast);
  const onAccent =
    preferred && contrastRatio(preferred, accent) >= MIN_TEXT_CONTRAST
      ? preferred
      : contrastRatio(WHITE, accent) >= contrastRatio(BLACK, accent)
        ? WHITE
        : BLACK;
  let accentText = accent;
  for (let step = 1; step <= 10 && contrastRatio(accentText, RAISED_SURFACE) < MIN_TEXT_CONTRAST; step += 1) {
    // Rounded here, as toHex will: the check must hold for the colour the page actually gets.
    accentText = accent.map((c) => Math.round(c + (255 - c) * (step / 10))) as unknown as Rgb;
  }
  return {
    accent: toHex(accent),
    accentContrast: toHex(onAccent),
    accentText: toHex(accentText),
    secondary: toHex(parseHexColor(colors.secondary) ?? accent),
  };
}
