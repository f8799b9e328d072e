// Three small command-line tools (assets/software/<name>/, plain Node.js, MIT) zipped as
// <name>-<version>.zip with a fixed file order, fixed times and fixed modes, plus a sha256sum-style
// <zip>.sha256 next to each.
import { chmodSync, copyFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { ensureDir, listFiles, pinTimes, run, sha256, writeText } from '../lib/run.mjs';
import { poster } from '../lib/thumbnails.mjs';

export const SOFTWARE = [
  {
    name: 'unitconv',
    title: 'Unitconv',
    version: '1.0.0',
    genre: 'Utilities',
    description:
      'A tiny cross-platform command-line unit converter: length, mass, volume, speed, data and temperature.',
    colors: ['0x37474f', '0x80cbc4'],
  },
  {
    name: 'pomodoro',
    title: 'Pomodoro Timer',
    version: '1.0.0',
    genre: 'Productivity',
    description: 'A focus timer for the terminal with work periods, breaks, a progress bar and a bell.',
    colors: ['0xb71c1c', '0xffab91'],
  },
  {
    name: 'sumcheck',
    title: 'Sumcheck',
    version: '1.0.0',
    genre: 'Security',
    description: 'Print or verify SHA-256 (and SHA-512, SHA-1, MD5) checksums in the sha256sum format.',
    colors: ['0x1a237e', '0x90caf9'],
  },
];

export function buildSoftware({ out, tmp, thumbs, sourceDir }) {
  const dir = ensureDir(join(out, 'software'));
  return SOFTWARE.map((s, i) => {
    const base = `${s.name}-${s.version}`;
    const stage = join(tmp, 'software', base);
    rmSync(join(tmp, 'software'), { recursive: true, force: true });
    ensureDir(stage);
    const src = join(sourceDir, 'software', s.name);
    for (const f of readdirSync(src)) copyFileSync(join(src, f), join(stage, f));
    copyFileSync(join(sourceDir, 'software', 'LICENSE.template'), join(stage, 'LICENSE'));
    writeText(
      join(stage, 'package.json'),
      JSON.stringify(
        {
          name: `demo-${s.name}`,
          version: s.version,
          description: s.description,
          license: 'MIT',
          bin: { [s.name]: `${s.name}.mjs` },
          engines: { node: '>=18' },
        },
        null,
        2,
      ) + '\n',
    );
    for (const f of listFiles(stage)) chmodSync(join(stage, f), f.endsWith('.mjs') ? 0o755 : 0o644);
    chmodSync(stage, 0o755);
    pinTimes(join(tmp, 'software'));
    const zipName = `${base}.zip`;
    const zipPath = join(dir, zipName);
    rmSync(zipPath, { force: true });
    run('zip', ['-X', '-9', '-q', zipPath, `${base}/`, ...listFiles(stage).map((f) => `${base}/${f}`)], {
      cwd: join(tmp, 'software'),
    });
    writeText(join(dir, `${zipName}.sha256`), `${sha256(zipPath)}  ${zipName}\n`);
    poster({
      out: join(thumbs, 'software', `${s.name}.webp`),
      tmp,
      mediaType: 'software',
      title: s.title,
      subtitle: `v${s.version} · Node.js CLI`,
      colors: s.colors,
      seed: 90 + i,
    });
    return {
      id: `software-${s.name}`,
      mediaType: 'software',
      kind: 'software-download',
      title: s.title,
      entry: `software/${zipName}`,
      checksum: `software/${zipName}.sha256`,
      thumbnail: `thumbnails/software/${s.name}.webp`,
      durationSeconds: null,
      metadata: {
        version: s.version,
        genre: s.genre,
        releaseYear: 2024,
        license: 'MIT',
        platforms: ['linux', 'macos', 'windows'],
        requires: 'Node.js >= 18',
        description: s.description,
      },
    };
  });
}
