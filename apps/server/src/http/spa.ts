import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

import fastifyStatic from '@fastify/static';
import { FIRST_DATA_ELEMENT_ID, LOCALE_BCP47, isLocale } from '@member/domain';
import type { FastifyInstance } from 'fastify';

import type { AppConfig } from '../config';
import { iconHref, webAppColors } from '../modules/brands/brands.web-app';
import type { Services } from '../services';
import { type BootResult, buildBootData } from './boot';
import { type FirstScreen, type RunQuery, firstScreen } from './first-screen';
import { createRoutePreloads } from './route-preload';

/** Prefixes that never fall back to the single-page app. */
const API_PREFIXES = [
  '/membergraphapi/',
  '/paymentflow/',
  '/subscriptionflow/',
  '/media/',
  '/assets/',
  '/static/',
  '/web-app/',
];

const BOOT_PLACEHOLDER = '<!--boot-data-->';
const ANALYTICS_ORIGIN = 'https://www.googletagmanager.com';

const FALLBACK_INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Member area</title>${BOOT_PLACEHOLDER}</head><body><p>The web app is not built yet. Run <code>npm run build</code>.</p></body></html>`;

/** JSON inside a script element: `<` is escaped so no value can close the element. */
function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function contentSecurityPolicy(boot: BootResult): string {
  const cdn = boot.data.brand?.cdnServer;
  const cdnOrigin = cdn && /^https?:\/\//.test(cdn) ? new URL(cdn).origin : '';
  const analytics = boot.analytics ? ` ${ANALYTICS_ORIGIN}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${analytics}`,
    // The e-reader (foliate-js) styles its shadow DOM and the book's pages, which it shows in blob: frames
    // that inherit this policy, with inline styles and blob: stylesheets; scripts stay 'self' only.
    "style-src 'self' 'unsafe-inline' blob:",
    `img-src 'self' data: blob:${cdnOrigin ? ` ${cdnOrigin}` : ''}${analytics}`,
    `media-src 'self' blob:${cdnOrigin ? ` ${cdnOrigin}` : ''}`,
    `connect-src 'self'${analytics}${boot.data.sentry ? ' https:' : ''}`,
    "font-src 'self'",
    "frame-src 'self' blob:",
    "object-src 'none'",
    // Nothing sets a <base>; 'none' keeps an injected one from turning relative URLs elsewhere.
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function renderIndex(template: string, boot: BootResult, first: FirstScreen, preloads: string): string {
  const lang = isLocale(boot.locale) ? LOCALE_BCP47[boot.locale] : 'en-US';
  // The first screen's answers beside the boot data, and its largest picture fetched with the app's code
  // (decision 046), before the entry's script in the head.
  const script =
    `<script id="boot-data" type="application/json">${serializeForScript(boot.data)}</script>` +
    (first.answers
      ? `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json">${serializeForScript(first.answers)}</script>`
      : '') +
    first.pictures
      .map((href) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`)
      .join('');
  const brand = boot.data.brand;
  // The brand's installable app (issue 14, item 14): its manifest, home-screen icon and bar colour. Its
  // logo, which every screen's header, the sign-in card and the home page's splash show first, is fetched
  // beside the scripts rather than once they have run (issue 19).
  const head = brand
    ? `<title>${escapeHtml(brand.name)}</title>${brand.icon ? `<link rel="icon" href="${escapeHtml(brand.icon)}">` : ''}<link rel="manifest" href="/manifest.webmanifest"><link rel="apple-touch-icon" href="${escapeHtml(iconHref(brand, 'apple-touch-icon.png'))}">${brand.logo ? `<link rel="preload" as="image" href="${escapeHtml(brand.logo)}">` : ''}`
    : '';
  const themeColor = brand ? webAppColors(brand).theme : null;
  // The brand's colours as the page's custom properties from the first paint (the server made them
  // readable on the dark interface: readableBrandColors), so the boot code sets nothing and nothing repaints.
  const style = brand
    ? ` style="${escapeHtml(
        [
          ['--brand-accent', brand.colors.accent],
          ['--brand-accent-contrast', brand.colors.accentContrast],
          ['--brand-accent-text', brand.colors.accentText],
          ['--brand-secondary', brand.colors.secondary],
        ]
          .map(([name, value]) => `${name ?? ''}:${value ?? ''}`)
          .join(';'),
      )}"`
    : '';
  return (
    template
      .replace(/<html lang="[^"]*"/, `<html lang="${lang}"${style}`)
      .replace(/<title>[^<]*<\/title>/, head)
      .replace(/<meta name="theme-color" content="[^"]*"/, (meta) =>
        themeColor ? `<meta name="theme-color" content="${themeColor}"` : meta,
      )
      .replace(BOOT_PLACEHOLDER, script)
      // After the entry's own script and preloads, which come first on the wire.
      .replace('</head>', `${preloads}</head>`)
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type PageEncoding = 'br' | 'gzip';

/**
 * The encoding to send the page in: Brotli, else gzip, when the Accept-Encoding header allows it (a
 * `q=0` refuses a coding, `*` stands for any not named), else none.
 */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((token) => token.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding) weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (coding: PageEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((coding) => weight(coding) > 0);
  return best.sort((a, b) => weight(b) - weight(a))[0] ?? null;
}

/** Pages under 1 KB go as they are: the compression would save less than it costs. */
const MIN_COMPRESSED_PAGE_BYTES = 1024;

/**
 * The page compressed on the fly (it holds per-request boot data, so it cannot be compressed at build
 * time), at levels fast enough for every request: a few KB take well under a millisecond.
 */
function compressPage(html: string, encoding: PageEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      })
    : gzipSync(html, { level: 6 });
}

/**
 * Serves the built web app: hashed assets with a year's cache, and index.html with the boot data for
 * every other GET that is not an API, so history-mode routes load on a refresh.
 */
export async function registerSpa(
  app: FastifyInstance,
  services: Services,
  config: AppConfig,
  runQuery: RunQuery,
) {
  const indexFile = join(config.webDistDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_INDEX;
  const routePreloads = createRoutePreloads(config.webDistDir);
  if (existsSync(join(config.webDistDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(config.webDistDir, 'assets'),
      prefix: '/assets/',
      // The web build writes .br and .gz copies beside its text assets (apps/web/scripts/compress-dist.mjs,
      // run by `npm run build`); they are sent in place of the file, never by a URL of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // @fastify/static 8 picks the copy from Accept-Encoding but does not say so to caches.
      setHeaders: (res) => {
        void res.setHeader('vary', 'Accept-Encoding');
      },
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: false,
    });
  }
  await app.register(fastifyStatic, {
    root: config.assetsDir,
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1h',
    index: false,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => path.startsWith(p));
    if (!wantsPage) {
      return reply.code(404).send({
        error: { code: 'not_found', message: `No route for ${request.method} ${path.slice(0, 200)}` },
      });
    }
    const boot = await buildBootData(request, services, config);
    const first = await firstScreen(runQuery, { path, ctx: boot.ctx, request, reply }, { services, config });
    const html = renderIndex(template, boot, first, routePreloads(path, boot.data.member !== null));
    const encoding =
      Buffer.byteLength(html) >= MIN_COMPRESSED_PAGE_BYTES
        ? pageEncoding(request.headers['accept-encoding'])
        : null;
    void reply
      .code(boot.data.error?.code === 'brand_not_found' ? 404 : 200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', contentSecurityPolicy(boot))
      .header('vary', 'Accept-Encoding');
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compressPage(html, encoding));
  });
}
