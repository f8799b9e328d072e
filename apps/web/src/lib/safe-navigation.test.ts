import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-navigation';

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNextPath('/browse/movie')).toBe('/browse/movie');
    expect(safeNextPath('/account/profile?tab=2#email')).toBe('/account/profile?tab=2#email');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['relative', 'browse/movie'],
    ['absolute URL', 'https://evil.example/'],
    ['protocol-relative', '//evil.example/path'],
    ['backslash host', '/\\evil.example'],
    ['javascript URL', 'javascript:alert(1)'],
    ['control character', '/\tevil'],
  ])('sends a %s next to the home page', (_label, next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});
