import { afterEach, describe, expect, it } from 'vitest';
import { keyBelongsToTarget } from './use-player-shortcuts';

afterEach(() => {
  document.body.innerHTML = '';
});

function element(html: string, selector: string): HTMLElement {
  document.body.innerHTML = html;
  const found = document.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(selector);
  return found;
}

describe('keyBelongsToTarget', () => {
  it('leaves fields, menus and sliders their own keys', () => {
    for (const html of ['<input id="x">', '<textarea id="x"></textarea>', '<select id="x"></select>']) {
      const target = element(html, '#x');
      expect(keyBelongsToTarget({ key: ' ', target })).toBe(true);
      expect(keyBelongsToTarget({ key: 'm', target })).toBe(true);
    }
  });

  it("leaves a focused button its Space but takes the player's letters", () => {
    const target = element('<button id="x">Save</button>', '#x');
    expect(keyBelongsToTarget({ key: ' ', target })).toBe(true);
    expect(keyBelongsToTarget({ key: 'm', target })).toBe(false);
    expect(keyBelongsToTarget({ key: 'ArrowRight', target })).toBe(false);
  });

  it('keeps the up and down arrows for scrolling outside the player', () => {
    const page = element('<main><a id="x" href="/">Home</a></main>', '#x');
    expect(keyBelongsToTarget({ key: 'ArrowUp', target: page })).toBe(true);
    const inPlayer = element('<section class="player"><div id="x" tabindex="0"></div></section>', '#x');
    expect(keyBelongsToTarget({ key: 'ArrowUp', target: inPlayer })).toBe(false);
  });

  it('leaves an open dialog its keys', () => {
    const target = element('<div role="dialog"><p id="x" tabindex="-1">Sure?</p></div>', '#x');
    expect(keyBelongsToTarget({ key: ' ', target })).toBe(true);
    expect(keyBelongsToTarget({ key: 'k', target: document.body })).toBe(false);
  });
});
