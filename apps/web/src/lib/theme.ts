import type { ThemeColors } from '@member/domain';

/**
 * Under Vite's dev server only (app/main.tsx): in production the server's page carries the colours on
 * <html> and the icon link (apps/server/src/http/spa.ts).
 *
 * Applies the brand's colours as CSS custom properties. The server has already made them readable on
 * the dark interface (`readableBrandColors` in the domain package), so this only sets them.
 */
export function applyBrandTheme(colors: ThemeColors, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--brand-accent', colors.accent);
  root.style.setProperty('--brand-accent-contrast', colors.accentContrast);
  root.style.setProperty('--brand-accent-text', colors.accentText);
  root.style.setProperty('--brand-secondary', colors.secondary);
}

/** The brand's icon as the page's favicon. */
export function applyBrandIcon(href: string, doc: Document = document): void {
  if (!href) return;
  const link = doc.createElement('link');
  link.rel = 'icon';
  link.href = href;
  doc.head.append(link);
}
