import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { captionsBeside } from './media.captions';

const base = mkdtempSync(join(tmpdir(), 'captions-'));
const root = join(base, 'root');
mkdirSync(join(root, 'film'), { recursive: true });
writeFileSync(join(base, 'outside.en.vtt'), 'WEBVTT\n');
writeFileSync(join(root, 'film', 'index.m3u8'), '#EXTM3U\n');
writeFileSync(join(root, 'film', 'index.en.vtt'), 'WEBVTT\n');
writeFileSync(join(root, 'film', 'index.pt-BR.vtt'), 'WEBVTT\n');
writeFileSync(join(root, 'film', 'other.fr.vtt'), 'WEBVTT\n');
writeFileSync(join(root, 'film', 'index.EN.vtt'), 'WEBVTT\n');
// A link out of the media root is never offered.
symlinkSync(join(base, 'outside.en.vtt'), join(root, 'film', 'index.de.vtt'));

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('captionsBeside', () => {
  it('offers the <name>.<language>.vtt files beside a media file, inside the root only', async () => {
    const captions = await captionsBeside(root, ['film', 'index.m3u8']);
    expect(captions).toEqual([
      { language: 'en', segments: ['film', 'index.en.vtt'] },
      { language: 'pt-BR', segments: ['film', 'index.pt-BR.vtt'] },
    ]);
    expect(await captionsBeside(root, ['film', 'missing.m3u8'])).toEqual([]);
  });

  it('sees a caption added later (the folder changed)', async () => {
    writeFileSync(join(root, 'film', 'index.fr.vtt'), 'WEBVTT\n');
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'film'), later, later);
    const captions = await captionsBeside(root, ['film', 'index.m3u8']);
    expect(captions.map((caption) => caption.language)).toEqual(['en', 'fr', 'pt-BR']);
  });
});
