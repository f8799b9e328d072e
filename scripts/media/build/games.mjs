// Copies the three HTML5 games (assets/games/<slug>/index.html, written for this project) into the
// demo folder and checks the rules the player relies on: one self-contained file under 30 KB, no
// external URLs, a title, instructions, game-ready / game-score messages and guarded storage.
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { ensureDir } from '../lib/run.mjs';
import { poster } from '../lib/thumbnails.mjs';

export const GAMES = [
  {
    slug: 'garden-snake',
    title: 'Garden Snake',
    type: 'Arcade',
    genre: 'Arcade',
    description: 'Steer a hungry snake around a vegetable garden; every apple makes it longer and faster.',
    colors: ['0x1b5e20', '0x8bc34a'],
  },
  {
    slug: 'memory-pairs',
    title: 'Memory Pairs',
    type: 'Puzzle',
    genre: 'Puzzle',
    description: 'Sixteen cards, eight pairs: find them all in as few moves as you can.',
    colors: ['0x311b92', '0xffca28'],
  },
  {
    slug: 'brick-breaker',
    title: 'Brick Breaker',
    type: 'Arcade',
    genre: 'Action',
    description: 'Bounce the ball off your paddle and clear the wall of bricks with three balls.',
    colors: ['0x0d1321', '0x4dd0e1'],
  },
];

export function checkGame(html) {
  const problems = [];
  if (Buffer.byteLength(html) > 30 * 1024) problems.push('larger than 30 KB');
  if (/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i.test(html)) problems.push('references an external URL');
  if (!/<title>[^<]+<\/title>/.test(html)) problems.push('no <title>');
  if (!/class="help"/.test(html)) problems.push('no instructions (.help)');
  if (!/type: 'game-ready'/.test(html)) problems.push("never posts { type: 'game-ready' }");
  if (!/type: 'game-score', score/.test(html)) problems.push("never posts { type: 'game-score', score }");
  if (/localStorage/.test(html) && !/try\s*{[^}]*localStorage/s.test(html))
    problems.push('localStorage not guarded by try/catch');
  if (!/keydown/.test(html) || !/pointer(down|up)|click/.test(html))
    problems.push('needs keyboard and pointer input');
  return problems;
}

export function buildGames({ out, tmp, thumbs, sourceDir }) {
  return GAMES.map((g, i) => {
    const src = join(sourceDir, 'games', g.slug, 'index.html');
    const problems = checkGame(readFileSync(src, 'utf8'));
    if (problems.length > 0) throw new Error(`game ${g.slug}: ${problems.join('; ')}`);
    const dir = ensureDir(join(out, 'games', g.slug));
    copyFileSync(src, join(dir, 'index.html'));
    poster({
      out: join(thumbs, 'games', `${g.slug}.webp`),
      tmp,
      mediaType: 'game',
      title: g.title,
      subtitle: `${g.type} · HTML5`,
      colors: g.colors,
      seed: 80 + i,
    });
    return {
      id: `game-${g.slug}`,
      mediaType: 'game',
      kind: 'html5-game',
      title: g.title,
      entry: `games/${g.slug}/index.html`,
      thumbnail: `thumbnails/games/${g.slug}.webp`,
      durationSeconds: null,
      metadata: {
        type: g.type,
        genre: g.genre,
        releaseYear: 2024,
        description: g.description,
        bytes: statSync(src).size,
        iframeSandbox: 'allow-scripts',
        messages: ["{ type: 'game-ready', game }", "{ type: 'game-score', score, game }"],
        input: ['keyboard', 'pointer', 'touch'],
      },
    };
  });
}
