// Caption tracks (WebVTT) for the demo films, in English and four other languages. The films have no
// speech: the captions say what is heard (the score) and translate what is written on screen (the title
// and credit cards of build/video.mjs), at the times the cards are drawn. An HLS film gets
// `index.<lang>.vtt` beside its playlist (covered by the playlist's folder grant), the progressive MP4
// `<slug>.<lang>.vtt` beside it; the server offers every such sidecar with the title's playback.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { writeText } from '../lib/run.mjs';

export const CAPTION_LANGUAGES = ['en', 'fr', 'es', 'de', 'ja'];

const NBSP = '\u00a0';

/** What each film shows and plays, cue by cue: [start, end, { lang: text }]. */
const CUES = {
  'fractal-tides': [
    [
      0.3,
      4.5,
      {
        en: '[On screen: “Fractal Tides” – A slow voyage into the Mandelbrot set]',
        fr: `[À l’écran${NBSP}: «${NBSP}Fractal Tides${NBSP}» – Un lent voyage dans l’ensemble de Mandelbrot]`,
        es: '[En pantalla: «Fractal Tides» – Un lento viaje al conjunto de Mandelbrot]',
        de: '[Eingeblendet: „Fractal Tides“ – Eine langsame Reise in die Mandelbrot-Menge]',
        ja: '［画面表示：「Fractal Tides」――マンデルブロ集合へのゆっくりした旅］',
      },
    ],
    [
      4.6,
      14,
      {
        en: '[Slow bell arpeggios over a warm synthesizer pad]',
        fr: '[Lents arpèges de cloches sur une nappe de synthétiseur chaleureuse]',
        es: '[Lentos arpegios de campanas sobre un cálido colchón de sintetizador]',
        de: '[Langsame Glockenarpeggien über einem warmen Synthesizer-Teppich]',
        ja: '［温かなシンセサイザーの上で、ゆっくりとしたベルのアルペジオ］',
      },
    ],
    [
      14,
      26,
      {
        en: '[The view sinks deeper into the spiralling edge of the set]',
        fr: '[L’image plonge toujours plus loin dans le bord en spirale de l’ensemble]',
        es: '[La imagen se hunde cada vez más en el borde en espiral del conjunto]',
        de: '[Das Bild taucht immer tiefer in den spiralförmigen Rand der Menge ein]',
        ja: '［映像は集合のらせん状の縁へと、さらに深く沈んでいく］',
      },
    ],
    [
      26,
      35.4,
      {
        en: '[The bells keep circling, calm and unhurried]',
        fr: '[Les cloches continuent de tourner, calmes et sans hâte]',
        es: '[Las campanas siguen girando, tranquilas y sin prisa]',
        de: '[Die Glocken kreisen weiter, ruhig und ohne Eile]',
        ja: '［ベルの音が、静かにゆったりと巡り続ける］',
      },
    ],
    [
      35.5,
      40,
      {
        en: '[On screen: “Fractal Tides · a generated film” – Made with ffmpeg for the member-area demo]\n[Music fades out]',
        fr: `[À l’écran${NBSP}: «${NBSP}Fractal Tides · un film généré${NBSP}» – Réalisé avec ffmpeg pour la démo de l’espace membre]\n[La musique s’éteint]`,
        es: '[En pantalla: «Fractal Tides · una película generada» – Hecha con ffmpeg para la demo del área de miembros]\n[La música se apaga]',
        de: '[Eingeblendet: „Fractal Tides · ein generierter Film“ – Mit ffmpeg für die Demo des Mitgliederbereichs gemacht]\n[Die Musik verklingt]',
        ja: '［画面表示：「Fractal Tides・生成された映画」――会員エリアのデモのために ffmpeg で制作］\n［音楽がフェードアウト］',
      },
    ],
  ],
  colony: [
    [
      0.3,
      4.5,
      {
        en: '[On screen: “Colony” – Life, one generation at a time]',
        fr: `[À l’écran${NBSP}: «${NBSP}Colony${NBSP}» – La vie, une génération à la fois]`,
        es: '[En pantalla: «Colony» – La vida, una generación tras otra]',
        de: '[Eingeblendet: „Colony“ – Leben, eine Generation nach der anderen]',
        ja: '［画面表示：「Colony」――生命、一世代ずつ］',
      },
    ],
    [
      4.6,
      13,
      {
        en: '[Plucked strings and soft drums over a synthesizer pad]',
        fr: '[Cordes pincées et batterie douce sur une nappe de synthétiseur]',
        es: '[Cuerdas punteadas y batería suave sobre un colchón de sintetizador]',
        de: '[Gezupfte Saiten und sanftes Schlagzeug über einem Synthesizer-Teppich]',
        ja: '［シンセサイザーの上で、はじく弦と柔らかなドラム］',
      },
    ],
    [
      13,
      22,
      {
        en: '[Golden cells are born and die on a blue grid, one generation at a time]',
        fr: '[Des cellules dorées naissent et meurent sur une grille bleue, génération après génération]',
        es: '[Células doradas nacen y mueren sobre una cuadrícula azul, generación tras generación]',
        de: '[Goldene Zellen entstehen und vergehen auf einem blauen Raster, Generation um Generation]',
        ja: '［青い格子の上で、金色の細胞が一世代ごとに生まれては消える］',
      },
    ],
    [
      22,
      31.4,
      {
        en: '[A bell melody rises over the beat]',
        fr: '[Une mélodie de cloches s’élève au-dessus du rythme]',
        es: '[Una melodía de campanas se eleva sobre el ritmo]',
        de: '[Eine Glockenmelodie erhebt sich über den Beat]',
        ja: '［リズムの上に、ベルのメロディーが立ちのぼる］',
      },
    ],
    [
      31.5,
      36,
      {
        en: '[On screen: “Colony · a generated film” – Made with ffmpeg for the member-area demo]\n[Music fades out]',
        fr: `[À l’écran${NBSP}: «${NBSP}Colony · un film généré${NBSP}» – Réalisé avec ffmpeg pour la démo de l’espace membre]\n[La musique s’éteint]`,
        es: '[En pantalla: «Colony · una película generada» – Hecha con ffmpeg para la demo del área de miembros]\n[La música se apaga]',
        de: '[Eingeblendet: „Colony · ein generierter Film“ – Mit ffmpeg für die Demo des Mitgliederbereichs gemacht]\n[Die Musik verklingt]',
        ja: '［画面表示：「Colony・生成された映画」――会員エリアのデモのために ffmpeg で制作］\n［音楽がフェードアウト］',
      },
    ],
  ],
  'rule-110': [
    [
      0.3,
      4.5,
      {
        en: '[On screen: “Rule 110” – Episode 3: the automaton that computes]',
        fr: `[À l’écran${NBSP}: «${NBSP}Rule 110${NBSP}» – Épisode 3${NBSP}: l’automate qui calcule]`,
        es: '[En pantalla: «Rule 110» – Episodio 3: el autómata que calcula]',
        de: '[Eingeblendet: „Rule 110“ – Folge 3: der Automat, der rechnet]',
        ja: '［画面表示：「Rule 110」――第3話：計算するオートマトン］',
      },
    ],
    [
      4.6,
      10,
      {
        en: '[A steady four-on-the-floor beat with bright bell arpeggios]',
        fr: '[Un rythme régulier à quatre temps et de brillants arpèges de cloches]',
        es: '[Un ritmo constante a cuatro tiempos con brillantes arpegios de campanas]',
        de: '[Ein gleichmäßiger Four-on-the-Floor-Beat mit hellen Glockenarpeggien]',
        ja: '［一定の四つ打ちのビートと、明るいベルのアルペジオ］',
      },
    ],
    [
      10,
      15.4,
      {
        en: '[Rows of cells scroll upward, each drawn from the one before by rule 110]',
        fr: '[Des rangées de cellules défilent vers le haut, chacune tirée de la précédente par la règle 110]',
        es: '[Filas de células suben por la pantalla, cada una obtenida de la anterior con la regla 110]',
        de: '[Zellreihen laufen nach oben, jede nach Regel 110 aus der vorigen berechnet]',
        ja: '［細胞の列が上へ流れ、それぞれが前の列からルール110で描かれる］',
      },
    ],
    [
      15.5,
      20,
      {
        en: '[On screen: “Rule 110 · a generated film” – Made with ffmpeg for the member-area demo]\n[Music fades out]',
        fr: `[À l’écran${NBSP}: «${NBSP}Rule 110 · un film généré${NBSP}» – Réalisé avec ffmpeg pour la démo de l’espace membre]\n[La musique s’éteint]`,
        es: '[En pantalla: «Rule 110 · una película generada» – Hecha con ffmpeg para la demo del área de miembros]\n[La música se apaga]',
        de: '[Eingeblendet: „Rule 110 · ein generierter Film“ – Mit ffmpeg für die Demo des Mitgliederbereichs gemacht]\n[Die Musik verklingt]',
        ja: '［画面表示：「Rule 110・生成された映画」――会員エリアのデモのために ffmpeg で制作］\n［音楽がフェードアウト］',
      },
    ],
  ],
};

const stamp = (seconds) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** The WebVTT text of one film in one language. */
export function webVtt(slug, lang) {
  const cues = CUES[slug];
  if (!cues) throw new Error(`no captions for ${slug}`);
  const body = cues
    .map(([start, end, text], index) => `${index + 1}\n${stamp(start)} --> ${stamp(end)}\n${text[lang]}\n`)
    .join('\n');
  return `WEBVTT\nKind: captions\nLanguage: ${lang}\n\n${body}`;
}

export const hasCaptions = (slug) => slug in CUES;

/** Writes a film's caption files beside its HLS playlist and, when it has one, its progressive MP4. */
export function writeCaptions(out, slug, { progressive }) {
  if (!hasCaptions(slug)) return;
  for (const lang of CAPTION_LANGUAGES) {
    writeText(join(out, 'video', slug, `index.${lang}.vtt`), webVtt(slug, lang));
    if (progressive) writeText(join(out, 'video', `${slug}.${lang}.vtt`), webVtt(slug, lang));
  }
}

/** The caption files that sit beside a media file (`<dir>/<name>.<lang>.vtt`), for the manifest. */
export function captionsBeside(out, entry) {
  const slash = entry.lastIndexOf('/');
  const dir = entry.slice(0, slash);
  const name = entry.slice(slash + 1).replace(/\.[^.]+$/, '');
  if (!existsSync(join(out, dir))) return [];
  return readdirSync(join(out, dir))
    .flatMap((file) => {
      const match = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.([a-z]{2,3})\\.vtt$`).exec(
        file,
      );
      return match ? [{ language: match[1], path: `${dir}/${file}` }] : [];
    })
    .sort((a, b) => CAPTION_LANGUAGES.indexOf(a.language) - CAPTION_LANGUAGES.indexOf(b.language));
}
