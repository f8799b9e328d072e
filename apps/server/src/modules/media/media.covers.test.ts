import { describe, expect, it } from 'vitest';

import { COVER_PREFIX, coverPath, parseCoverPath, renderCover, wrapText } from './media.covers';

describe('coverPath and parseCoverPath', () => {
  it('round-trip a title, its byline and its look', () => {
    const path = coverPath({
      mediaType: 'ebook',
      title: 'An Orchard in Kraków',
      byline: 'Zoë Müller',
      variant: 13,
    });
    expect(path.startsWith(`${COVER_PREFIX}v1/ebook/5/`)).toBe(true);
    expect(parseCoverPath(path.slice(COVER_PREFIX.length))).toEqual({
      mediaType: 'ebook',
      title: 'An Orchard in Kraków',
      byline: 'Zoë Müller',
      variant: 5,
    });
    const slash = coverPath({ mediaType: 'movie', title: 'AC/DC & Friends?', byline: null, variant: 0 });
    expect(parseCoverPath(slash.slice(COVER_PREFIX.length))).toMatchObject({
      title: 'AC/DC & Friends?',
      byline: null,
    });
  });

  it('refuses what coverPath never makes', () => {
    for (const rest of [
      'v2/movie/0/-/A.svg',
      'v1/podcast/0/-/A.svg',
      'v1/movie/99/-/A.svg',
      'v1/movie/0/-/A.png',
      'v1/movie/0/-/.svg',
      'v1/movie/0/A.svg',
      'v1/movie/0/-/A%00B.svg',
      'v1/movie/0/-/%E0%A4%A.svg',
      `v1/movie/0/-/${'x'.repeat(200)}.svg`,
    ]) {
      expect(parseCoverPath(rest)).toBeNull();
    }
  });
});

describe('renderCover', () => {
  it('draws the title and byline as escaped text', () => {
    const svg = renderCover({
      mediaType: 'music',
      title: 'Rock & <Roll> "Live"',
      byline: "O'Hara",
      variant: 2,
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Rock &#38; &#60;Roll&#62; &#34;Live&#34;');
    expect(svg).toContain('O&#39;Hara');
    expect(svg).not.toContain('<Roll>');
    expect(svg).not.toMatch(/<script|href=/i);
  });

  it('wraps a long title over several lines', () => {
    const svg = renderCover({
      mediaType: 'movie',
      title: 'The Endless Lighthouse of Valparaíso and Other Long Stories',
      byline: null,
      variant: 1,
    });
    expect((svg.match(/<tspan/g) ?? []).length).toBeGreaterThan(1);
  });
});

describe('wrapText', () => {
  it('breaks at spaces within the width and gives up when the lines do not fit', () => {
    expect(wrapText('The Silent Harbor', 10, 3)).toEqual(['The Silent', 'Harbor']);
    expect(wrapText('Supercalifragilistic', 10, 3)).toBeNull();
    expect(wrapText('a b c d e f', 1, 3)).toBeNull();
  });
});
