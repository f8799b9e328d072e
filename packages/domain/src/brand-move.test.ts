import { describe, expect, it } from 'vitest';

import { brandMoveHost, brandMoveNoticeKey, parseBrandMove } from './brand-move';

describe('parseBrandMove', () => {
  it('accepts a name and an https address, normalised', () => {
    expect(parseBrandMove({ name: '  Nova Media ', url: 'https://Members.Nova.example/welcome' })).toEqual({
      ok: true,
      move: { name: 'Nova Media', url: 'https://members.nova.example/welcome' },
    });
  });

  it('accepts plain http only for localhost names (the demo brands)', () => {
    expect(parseBrandMove({ name: 'Nova', url: 'http://nova.localhost:4783/' }).ok).toBe(true);
    expect(parseBrandMove({ name: 'Nova', url: 'http://nova.example/' })).toEqual({
      ok: false,
      issue: 'invalid_url',
    });
  });

  it.each([
    ['javascript:alert(1)'],
    ['ftp://nova.example/'],
    ['//nova.example'],
    ['nova.example'],
    ['https://user:secret@nova.example/'],
    [`https://nova.example/${'a'.repeat(300)}`],
  ])('refuses %s as an address', (url) => {
    expect(parseBrandMove({ name: 'Nova', url })).toEqual({ ok: false, issue: 'invalid_url' });
  });

  it.each([[''], ['   '], ['x'.repeat(101)], ['Nova\nMedia']])('refuses %j as a name', (name) => {
    expect(parseBrandMove({ name, url: 'https://nova.example/' })).toEqual({
      ok: false,
      issue: 'invalid_name',
    });
  });
});

describe('the notice key', () => {
  it('names the destination, so a second move is told again and the same one once', () => {
    const first = { name: 'Nova', url: 'https://members.nova.example/a' };
    expect(brandMoveNoticeKey(first)).toBe('brand_moved:members.nova.example');
    expect(brandMoveNoticeKey({ ...first, url: 'https://members.nova.example/b' })).toBe(
      brandMoveNoticeKey(first),
    );
    expect(brandMoveNoticeKey({ name: 'Orbit', url: 'https://orbit.example/' })).not.toBe(
      brandMoveNoticeKey(first),
    );
    expect(brandMoveHost({ name: 'Nova', url: 'http://nova.localhost:4783/' })).toBe('nova.localhost:4783');
  });
});
