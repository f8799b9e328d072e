/** The part of a foliate-js book section that its size-based progress reads. */
export interface BookSection {
  linear?: string | null;
  size?: number | null;
}

/** Where the reader is, as foliate-js's paginator reports it for the page on screen. */
export interface PagePosition {
  /** Index of the section on screen. */
  index: number;
  /** Fraction of that section before the page's first line, 0..1. */
  fractionInSection: number;
  /** Fraction of that section the page shows (0 in scrolled mode). */
  pageSize?: number | null;
}

/**
 * How far into the book the member has read, 0..1: the start of the page on screen, measured over the
 * text from its start (the body matter a new book opens at) to the end. foliate-js's own fraction
 * counts the cover, title page and contents before the text and stops at the end of the page, so a
 * short new book opened at its first chapter read "42%". The last page reads as the whole book.
 */
export function readingFraction(
  sections: readonly BookSection[],
  textStartIndex: number,
  { index, fractionInSection, pageSize }: PagePosition,
): number {
  // The same section weights as foliate-js: linear sections by size, the others count nothing.
  const sizes = sections.map((section) =>
    section.linear !== 'no' && (section.size ?? 0) > 0 ? (section.size ?? 0) : 0,
  );
  const before = (end: number) => sizes.slice(0, Math.max(0, end)).reduce((sum, size) => sum + size, 0);
  const total = before(sizes.length);
  const textStart = before(textStartIndex);
  const body = total - textStart;
  if (body <= 0) return 0;
  const sectionSize = sizes[index] ?? 0;
  const pageStart = before(index) + clamp01(fractionInSection) * sectionSize;
  const pageEnd = pageStart + clamp01(pageSize ?? 0) * sectionSize;
  // Floating sums of page fractions may fall a hair short of the total on the last page.
  if (pageEnd >= total - 1e-6 * total) return 1;
  return clamp01((pageStart - textStart) / body);
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
