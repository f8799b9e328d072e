import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { createRoutePreloads } from './route-preload';

const dirs: string[] = [];
function distWith(manifest: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'route-preload-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    imports: ['_runtime.js', '_app.js'],
    css: ['assets/index-1.css'],
  },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  '_app.js': { file: 'assets/app-1.js', imports: ['_runtime.js'] },
  '_layout.js': {
    file: 'assets/main-layout-1.js',
    name: 'main-layout',
    imports: ['_app.js'],
    css: ['assets/main-layout-1.css'],
  },
  '_media.js': { file: 'assets/media-1.js', name: 'media', imports: ['_app.js', '_layout.js'] },
  'src/app/screen-routes.tsx': {
    file: 'assets/screen-routes-1.js',
    name: 'screen-routes',
    imports: ['_app.js'],
  },
  '_shop.js': {
    file: 'assets/marketplace-1.js',
    name: 'marketplace',
    imports: ['_app.js', '_media.js'],
    css: ['assets/marketplace-1.css'],
  },
  'src/features/home/api/home-loader.ts': {
    file: 'assets/home-loader-1.js',
    name: 'home-loader',
    imports: ['_runtime.js', '_app.js', '_media.js', '_layout.js'],
    dynamicImports: ['src/features/home/api/get-home-giveaway.ts'],
    css: ['assets/home-loader-1.css'],
  },
};

describe('home page preloads', () => {
  it("names the home page's chunks the entry does not load, dependencies first, for a member's /", () => {
    const preloads = createRoutePreloads(distWith(MANIFEST));
    expect(preloads('/', true)).toBe(
      '<link rel="preload" as="style" fetchpriority="low" href="/assets/main-layout-1.css">' +
        '<link rel="preload" as="style" fetchpriority="low" href="/assets/home-loader-1.css">' +
        '<link rel="modulepreload" href="/assets/main-layout-1.js">' +
        '<link rel="modulepreload" href="/assets/media-1.js">' +
        '<link rel="modulepreload" href="/assets/home-loader-1.js">',
    );
  });

  it("names the marketplace's chunks for a member's /marketplace", () => {
    const preloads = createRoutePreloads(distWith(MANIFEST));
    expect(preloads('/marketplace', true)).toBe(
      '<link rel="preload" as="style" fetchpriority="low" href="/assets/main-layout-1.css">' +
        '<link rel="preload" as="style" fetchpriority="low" href="/assets/marketplace-1.css">' +
        '<link rel="modulepreload" href="/assets/main-layout-1.js">' +
        '<link rel="modulepreload" href="/assets/screen-routes-1.js">' +
        '<link rel="modulepreload" href="/assets/media-1.js">' +
        '<link rel="modulepreload" href="/assets/marketplace-1.js">',
    );
  });

  it('names nothing for a page whose chunks the build does not have', () => {
    const manifest = Object.fromEntries(Object.entries(MANIFEST).filter(([key]) => key !== '_shop.js'));
    const preloads = createRoutePreloads(distWith(manifest));
    expect(preloads('/marketplace', true)).toBe('');
    expect(preloads('/', true)).toContain('home-loader-1.js');
  });

  it('names nothing for a visitor, another page, or a build without a readable manifest', () => {
    const preloads = createRoutePreloads(distWith(MANIFEST));
    expect(preloads('/', false)).toBe('');
    expect(preloads('/browse/movie', true)).toBe('');
    expect(createRoutePreloads(join(tmpdir(), 'no-such-dist'))('/', true)).toBe('');
    expect(createRoutePreloads(distWith('not a manifest'))('/', true)).toBe('');
    expect(createRoutePreloads(distWith({ 'index.html': { file: 'assets/i.js' } }))('/', true)).toBe('');
  });
});
