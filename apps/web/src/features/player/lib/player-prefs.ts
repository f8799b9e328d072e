/*
 * What the players remember on this device (issue 14 item 10, decision 030): an audiobook's speed, and
 * the reader's theme, text size and line height. They are preferences, not records: kept in
 * localStorage (per brand, as it is per hostname), read back through checks, so a value edited by hand
 * or left by an older version falls back to the default instead of breaking the player. The reading
 * place itself is the server's saved progress (any device).
 */

/** The player's speeds (the speed menu offers these; a remembered speed must be one of them). */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

const RATE_PREFIX = 'player.rate.audiobook.';
const READER_KEY = 'player.reader';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (private mode, blocked cookies): nothing is remembered.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // A full or refused storage only forgets the preference.
  }
}

/** The speed last chosen for this audiobook; null when none (or not one of the player's speeds). */
export function savedAudiobookRate(audiobookId: number): number | null {
  const value = Number(storage()?.getItem(`${RATE_PREFIX}${String(audiobookId)}`) ?? Number.NaN);
  return (PLAYBACK_RATES as readonly number[]).includes(value) ? value : null;
}

export function saveAudiobookRate(audiobookId: number, rate: number): void {
  if (!(PLAYBACK_RATES as readonly number[]).includes(rate)) return;
  const key = `${RATE_PREFIX}${String(audiobookId)}`;
  // The default speed is not worth a key.
  if (rate === 1) {
    try {
      storage()?.removeItem(key);
    } catch {
      // Nothing to forget.
    }
    return;
  }
  write(key, String(rate));
}

const VOLUME_KEY = 'player.volume';

/** The member's last volume and mute (one for every player), or full volume with sound. */
export function savedVolume(): { volume: number; muted: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(VOLUME_KEY) ?? 'null');
  } catch {
    value = null;
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const volume =
    typeof record.volume === 'number' && record.volume >= 0 && record.volume <= 1 ? record.volume : 1;
  return { volume, muted: record.muted === true };
}

export function saveVolume(setting: { volume: number; muted: boolean }): void {
  write(VOLUME_KEY, JSON.stringify(setting));
}

/** Gives a new media element the member's volume and mute. */
export function applySavedVolume(media: HTMLMediaElement): void {
  const { volume, muted } = savedVolume();
  media.volume = volume;
  media.muted = muted;
}

export const READER_THEMES = ['dark', 'sepia', 'light'] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];
export const READER_FONT_SIZES = [80, 90, 100, 110, 125, 150, 175, 200] as const;
export const READER_LINE_HEIGHTS = [1.3, 1.55, 1.8, 2.1] as const;

export interface ReaderSettings {
  theme: ReaderTheme;
  fontSize: number;
  lineHeight: number;
}

export const DEFAULT_READER_SETTINGS: ReaderSettings = { theme: 'dark', fontSize: 100, lineHeight: 1.55 };

/** Reads stored reader settings, keeping each field only when it is one the reader offers. */
export function parseReaderSettings(text: string | null): ReaderSettings {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = null;
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const { theme, fontSize, lineHeight } = record;
  return {
    theme: READER_THEMES.find((candidate) => candidate === theme) ?? DEFAULT_READER_SETTINGS.theme,
    fontSize: READER_FONT_SIZES.find((size) => size === fontSize) ?? DEFAULT_READER_SETTINGS.fontSize,
    lineHeight:
      READER_LINE_HEIGHTS.find((height) => height === lineHeight) ?? DEFAULT_READER_SETTINGS.lineHeight,
  };
}

export function savedReaderSettings(): ReaderSettings {
  return parseReaderSettings(storage()?.getItem(READER_KEY) ?? null);
}

export function saveReaderSettings(settings: ReaderSettings): void {
  write(READER_KEY, JSON.stringify(settings));
}

const CAPTIONS_PREFIX = 'player.captions.';
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;

/**
 * The captions the member last chose on this device (issue 14 item 11): a language tag, 'off', or
 * null when never chosen. Kept per member, as several members may share a device.
 */
export function savedCaptions(memberId: number | null): string | null {
  const value = storage()?.getItem(`${CAPTIONS_PREFIX}${String(memberId ?? 'visitor')}`) ?? null;
  return value === 'off' || (value !== null && LANGUAGE_TAG.test(value)) ? value : null;
}

export function saveCaptions(memberId: number | null, choice: string): void {
  if (choice !== 'off' && !LANGUAGE_TAG.test(choice)) return;
  write(`${CAPTIONS_PREFIX}${String(memberId ?? 'visitor')}`, choice);
}

/**
 * Which of a film's caption languages to show: the member's saved choice when the film has it, the
 * same language without its region (`pt-BR` for a saved `pt`, or the reverse), else none.
 */
export function captionsToShow(saved: string | null, languages: readonly string[]): string | null {
  if (saved === null || saved === 'off') return null;
  if (languages.includes(saved)) return saved;
  const base = saved.split('-')[0] ?? saved;
  return languages.find((language) => (language.split('-')[0] ?? language) === base) ?? null;
}
