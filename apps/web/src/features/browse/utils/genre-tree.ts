import type { Genre } from '../api/browse-queries';

interface GenreRef {
  id: number;
  slug: string;
  title: string;
}

export interface GenreNode extends GenreRef {
  subgenres: GenreRef[];
}

const byTitle = (a: GenreRef, b: GenreRef) => a.title.localeCompare(b.title) || a.id - b.id;

/**
 * Genres as parents with their subgenres, each level by title. A parent that holds no title of its own
 * still heads its subgenres (the server lists a subgenre with its parent even when the parent itself is
 * not in the list).
 */
export function genreTree(genres: readonly Genre[]): GenreNode[] {
  const roots = new Map<number, GenreNode>();
  for (const genre of genres) {
    if (genre.parent === null && !roots.has(genre.id)) {
      roots.set(genre.id, { id: genre.id, slug: genre.slug, title: genre.title, subgenres: [] });
    }
  }
  for (const genre of genres) {
    if (genre.parent === null) continue;
    const { parent } = genre;
    let root = roots.get(parent.id);
    if (!root) {
      root = { id: parent.id, slug: parent.slug, title: parent.title, subgenres: [] };
      roots.set(parent.id, root);
    }
    if (!root.subgenres.some((sub) => sub.id === genre.id)) {
      root.subgenres.push({ id: genre.id, slug: genre.slug, title: genre.title });
    }
  }
  return [...roots.values()]
    .map((root) => ({ ...root, subgenres: root.subgenres.sort(byTitle) }))
    .sort(byTitle);
}
