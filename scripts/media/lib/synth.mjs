// A tiny deterministic software synthesizer: seeded noise, a handful of instruments (Karplus-Strong
// pluck, FM bell, detuned pad, bass, drums), a Freeverb-style reverb and WAV input/output. Everything is
// plain arithmetic on Float32Arrays, so the same seed always gives the same samples on any machine.
import { readFileSync, writeFileSync } from 'node:fs';

export const TAU = Math.PI * 2;

/** Mulberry32: a small seeded PRNG returning floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const midiToHz = (m) => 440 * 2 ** ((m - 69) / 12);

const MODES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
};

/** MIDI note of scale degree `degree` (0-based, may exceed 6 or be negative) in a key/mode. */
export function degreeToMidi(root, mode, degree) {
  const scale = MODES[mode];
  const octave = Math.floor(degree / 7);
  const idx = ((degree % 7) + 7) % 7;
  return root + octave * 12 + scale[idx];
}

/** Stacked thirds on a scale degree: triad (3 notes) or seventh chord (4 notes). */
export function chord(root, mode, degree, size = 3) {
  return Array.from({ length: size }, (_, i) => degreeToMidi(root, mode, degree + i * 2));
}

export class Mix {
  constructor(seconds, sampleRate = 44100, seed = 1) {
    this.sampleRate = sampleRate;
    this.length = Math.ceil(seconds * sampleRate);
    this.left = new Float32Array(this.length);
    this.right = new Float32Array(this.length);
    this.sendL = new Float32Array(this.length);
    this.sendR = new Float32Array(this.length);
    this.random = prng(seed);
  }

  /** Adds a mono voice at `start` seconds with equal-power pan (-1..1) and a reverb send (0..1). */
  add(voice, start, { gain = 1, pan = 0, send = 0.2 } = {}) {
    const offset = Math.round(start * this.sampleRate);
    const angle = ((pan + 1) * Math.PI) / 4;
    const gl = Math.cos(angle) * gain;
    const gr = Math.sin(angle) * gain;
    const n = Math.min(voice.length, this.length - offset);
    for (let i = Math.max(0, -offset); i < n; i++) {
      const s = voice[i];
      const j = offset + i;
      this.left[j] += s * gl;
      this.right[j] += s * gr;
      this.sendL[j] += s * gl * send;
      this.sendR[j] += s * gr * send;
    }
  }

  /** Renders the reverb bus into the dry mix, then soft-clips, fades and peak-normalises. */
  master({ reverb = 0.3, room = 0.82, fadeIn = 0.3, fadeOut = 2, peak = 0.89 } = {}) {
    if (reverb > 0) {
      const wetL = freeverb(this.sendL, this.sampleRate, room, 0);
      const wetR = freeverb(this.sendR, this.sampleRate, room, 23);
      for (let i = 0; i < this.length; i++) {
        this.left[i] += wetL[i] * reverb;
        this.right[i] += wetR[i] * reverb;
      }
    }
    finish([this.left, this.right], this.sampleRate, { fadeIn, fadeOut, peak });
    return [this.left, this.right];
  }
}

/** Fades, gentle tanh saturation and peak normalisation of one or more channels, in place. */
export function finish(channels, sampleRate, { fadeIn = 0, fadeOut = 0, peak = 0.89 } = {}) {
  const length = channels[0].length;
  let max = 1e-9;
  for (const ch of channels) for (let i = 0; i < length; i++) max = Math.max(max, Math.abs(ch[i]));
  const pre = 1.2 / max;
  const fi = Math.round(fadeIn * sampleRate);
  const fo = Math.round(fadeOut * sampleRate);
  let max2 = 1e-9;
  for (const ch of channels) {
    for (let i = 0; i < length; i++) {
      let v = Math.tanh(ch[i] * pre);
      if (i < fi) v *= i / fi;
      if (i >= length - fo) v *= (length - i) / fo;
      ch[i] = v;
      max2 = Math.max(max2, Math.abs(v));
    }
  }
  for (const ch of channels) for (let i = 0; i < length; i++) ch[i] *= peak / max2;
}

function freeverb(input, sr, room, spread) {
  const scale = sr / 44100;
  const combs = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617].map((n) => Math.round((n + spread) * scale));
  const allpasses = [556, 441, 341, 225].map((n) => Math.round((n + spread) * scale));
  const out = new Float32Array(input.length);
  const damp = 0.3;
  for (const len of combs) {
    const buf = new Float32Array(len);
    let idx = 0;
    let store = 0;
    for (let i = 0; i < input.length; i++) {
      const y = buf[idx];
      store = y * (1 - damp) + store * damp;
      buf[idx] = input[i] * 0.015 + store * room;
      out[i] += y;
      idx = idx + 1 === len ? 0 : idx + 1;
    }
  }
  for (const len of allpasses) {
    const buf = new Float32Array(len);
    let idx = 0;
    for (let i = 0; i < out.length; i++) {
      const b = buf[idx];
      const x = out[i];
      out[i] = b - x;
      buf[idx] = x + b * 0.5;
      idx = idx + 1 === len ? 0 : idx + 1;
    }
  }
  return out;
}

function envelope(i, sr, length, attack, release) {
  const a = Math.max(1, Math.round(attack * sr));
  const r = Math.max(1, Math.round(release * sr));
  if (i < a) return i / a;
  if (i > length - r) return Math.max(0, (length - i) / r);
  return 1;
}

/** Karplus-Strong plucked string; `bright` (0..1) controls the noise burst and the loss filter. */
export function pluck(random, freq, seconds, sr, { decay = 0.996, bright = 0.5 } = {}) {
  const n = Math.round(seconds * sr);
  const period = Math.max(2, Math.round(sr / freq));
  const buf = new Float32Array(period);
  let prev = 0;
  for (let i = 0; i < period; i++) {
    const w = random() * 2 - 1;
    prev = prev + (w - prev) * (0.3 + bright * 0.7);
    buf[i] = prev;
  }
  const out = new Float32Array(n);
  let idx = 0;
  for (let i = 0; i < n; i++) {
    const next = idx + 1 === period ? 0 : idx + 1;
    const v = buf[idx];
    buf[idx] = decay * (0.5 * (v + buf[next]));
    out[i] = v * envelope(i, sr, n, 0.002, 0.05);
    idx = next;
  }
  return out;
}

/** Two-operator FM bell or electric-piano tone. */
export function bell(freq, seconds, sr, { ratio = 3.5, index = 2.2, decay = 2.5 } = {}) {
  const n = Math.round(seconds * sr);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const env = Math.exp(-t * decay);
    const mod = Math.sin(TAU * freq * ratio * t) * index * Math.exp(-t * decay * 1.6);
    out[i] = Math.sin(TAU * freq * t + mod) * env * envelope(i, sr, n, 0.003, 0.08);
  }
  return out;
}

/** Soft saw built from 12 harmonics, three detuned voices, low-passed, slow attack and release. */
export function pad(freqs, seconds, sr, { attack = 0.6, release = 0.8, cutoff = 1800, detune = 0.006 } = {}) {
  const n = Math.round(seconds * sr);
  const out = new Float32Array(n);
  const a = 1 - Math.exp((-TAU * cutoff) / sr);
  for (const f0 of freqs) {
    for (const d of [-detune, 0, detune]) {
      const f = f0 * (1 + d);
      const harmonics = Math.max(1, Math.min(12, Math.floor(sr / 2 / f) - 1));
      let lp = 0;
      const phase0 = (f0 * 13.37 + d * 1000) % 1;
      for (let i = 0; i < n; i++) {
        const ph = TAU * (f * (i / sr) + phase0);
        let s = 0;
        for (let h = 1; h <= harmonics; h++) s += Math.sin(ph * h) / h;
        lp += (s - lp) * a;
        out[i] += lp * 0.25;
      }
    }
  }
  for (let i = 0; i < n; i++) out[i] *= envelope(i, sr, n, attack, release) / freqs.length;
  return out;
}

/** Round sine bass with a touch of second harmonic. */
export function bass(freq, seconds, sr, { decay = 1.2 } = {}) {
  const n = Math.round(seconds * sr);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const s =
      Math.sin(TAU * freq * t) + 0.25 * Math.sin(TAU * 2 * freq * t) + 0.1 * Math.sin(TAU * 3 * freq * t);
    out[i] = s * Math.exp(-t * decay) * envelope(i, sr, n, 0.005, 0.06);
  }
  return out;
}

/** Triangle lead with delayed vibrato. */
export function lead(freq, seconds, sr, { vibrato = 5.5 } = {}) {
  const n = Math.round(seconds * sr);
  const out = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const vib = 1 + 0.004 * Math.min(1, t / 0.3) * Math.sin(TAU * vibrato * t);
    phase += (freq * vib) / sr;
    const p = phase % 1;
    const tri = 4 * Math.abs(p - 0.5) - 1;
    out[i] = tri * envelope(i, sr, n, 0.02, 0.12) * (0.85 + 0.15 * Math.exp(-t * 3));
  }
  return out;
}

export function kick(sr) {
  const n = Math.round(0.45 * sr);
  const out = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const f = 45 + 110 * Math.exp(-t * 28);
    phase += f / sr;
    out[i] = Math.sin(TAU * phase) * Math.exp(-t * 7);
  }
  return out;
}

export function snare(random, sr) {
  const n = Math.round(0.25 * sr);
  const out = new Float32Array(n);
  let lp = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sr;
    const w = random() * 2 - 1;
    lp += (w - lp) * 0.45;
    out[i] = (w - lp) * 0.7 * Math.exp(-t * 18) + Math.sin(TAU * 185 * t) * 0.5 * Math.exp(-t * 30);
  }
  return out;
}

export function hat(random, sr, { open = false } = {}) {
  const n = Math.round((open ? 0.3 : 0.06) * sr);
  const out = new Float32Array(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const w = random() * 2 - 1;
    out[i] = (w - prev) * 0.5 * Math.exp((-i / sr) * (open ? 12 : 60));
    prev = w;
  }
  return out;
}

/** Writes 16-bit PCM WAV from float channels (-1..1). */
export function writeWav(file, channels, sampleRate) {
  const length = channels[0].length;
  const nch = channels.length;
  const data = Buffer.alloc(length * nch * 2);
  for (let i = 0; i < length; i++) {
    for (let c = 0; c < nch; c++) {
      const v = Math.max(-1, Math.min(1, channels[c][i]));
      data.writeInt16LE(Math.round(v * 32767), (i * nch + c) * 2);
    }
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(nch, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * nch * 2, 28);
  header.writeUInt16LE(nch * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(file, Buffer.concat([header, data]));
}

/** Reads a 16-bit PCM WAV (as written by ffmpeg or espeak-ng) into float channels. */
export function readWav(file) {
  const buf = readFileSync(file);
  let pos = 12;
  let fmt;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('ascii', pos, pos + 4);
    let size = buf.readUInt32LE(pos + 4);
    if (id === 'fmt ') {
      fmt = {
        channels: buf.readUInt16LE(pos + 10),
        sampleRate: buf.readUInt32LE(pos + 12),
        bits: buf.readUInt16LE(pos + 22),
      };
    } else if (id === 'data') {
      if (!fmt || fmt.bits !== 16) throw new Error(`${file}: only 16-bit PCM WAV is supported`);
      if (size === 0xffffffff || pos + 8 + size > buf.length) size = buf.length - pos - 8;
      const frames = Math.floor(size / 2 / fmt.channels);
      const channels = Array.from({ length: fmt.channels }, () => new Float32Array(frames));
      for (let i = 0; i < frames; i++) {
        for (let c = 0; c < fmt.channels; c++) {
          channels[c][i] = buf.readInt16LE(pos + 8 + (i * fmt.channels + c) * 2) / 32768;
        }
      }
      return { sampleRate: fmt.sampleRate, channels };
    }
    pos += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}
