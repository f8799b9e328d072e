import { describe, expect, it } from 'vitest';
import type { Genre } from '../api/browse-queries';
import { genreTree } from './genre-tree';

const rock = { id: 1, slug: 'rock', title: 'Rock' };
const jazz = { id: 2, slug: 'jazz', title: 'Jazz' };
const genre = (id: number, title: string, parent: Genre['parent'] = null): Genre => ({
  id,
  slug: title.toLowerCase(),
  title,
  parent,
});

describe('genreTree', () => {
  it('puts subgenres under their parents, each level by title', () => {
    const tree = genreTree([
      genre(11, 'Punk', rock),
      genre(1, 'Rock'),
      genre(10, 'Alternative', rock),
      genre(3, 'Ambient'),
    ]);
    expect(tree.map((node) => [node.title, node.subgenres.map((sub) => sub.title)])).toEqual([
      ['Ambient', []],
      ['Rock', ['Alternative', 'Punk']],
    ]);
  });

  it('heads subgenres with a parent that is not listed itself, once', () => {
    const tree = genreTree([genre(20, 'Bebop', jazz), genre(21, 'Swing', jazz), genre(20, 'Bebop', jazz)]);
    expect(tree).toEqual([
      {
        ...jazz,
        subgenres: [
          { id: 20, slug: 'bebop', title: 'Bebop' },
          { id: 21, slug: 'swing', title: 'Swing' },
        ],
      },
    ]);
  });
});
