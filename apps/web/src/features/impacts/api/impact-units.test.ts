import { describe, expect, it } from 'vitest';

import { unitFor } from './impact-units';

describe('unitFor', () => {
  const tree = { unit: 'tree', unitPlural: 'trees' };
  it('says "1 tree" and "2 trees" in English, "0 arbre" in French', () => {
    expect(unitFor(tree, 1, 'en-us')).toBe('tree');
    expect(unitFor(tree, 2, 'en-us')).toBe('trees');
    expect(unitFor(tree, 0, 'en-us')).toBe('trees');
    const arbre = { unit: 'arbre', unitPlural: 'arbres' };
    expect(unitFor(arbre, 0, 'fr-ca')).toBe('arbre');
    expect(unitFor(arbre, 1, 'fr-ca')).toBe('arbre');
    expect(unitFor(arbre, 2, 'fr-ca')).toBe('arbres');
  });

  it('takes the plural word in languages without plural forms (their items give one word)', () => {
    expect(unitFor({ unit: '本', unitPlural: '本' }, 1, 'ja-jp')).toBe('本');
    expect(unitFor({ unit: 'pokok', unitPlural: 'pokok' }, 1, 'my-ms')).toBe('pokok');
  });
});
