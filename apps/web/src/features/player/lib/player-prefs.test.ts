import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_READER_SETTINGS,
  parseReaderSettings,
  saveAudiobookRate,
  saveReaderSettings,
  savedAudiobookRate,
  savedReaderSettings,
} from './player-prefs';

afterEach(() => {
  localStorage.clear();
});

describe('audiobook speed', () => {
  it('is remembered per audiobook', () => {
    saveAudiobookRate(7, 1.5);
    saveAudiobookRate(8, 2);
    expect(savedAudiobookRate(7)).toBe(1.5);
    expect(savedAudiobookRate(8)).toBe(2);
    expect(savedAudiobookRate(9)).toBeNull();
  });

  it('forgets the default speed and ignores speeds the player does not offer', () => {
    saveAudiobookRate(7, 1.5);
    saveAudiobookRate(7, 1);
    expect(savedAudiobookRate(7)).toBeNull();
    saveAudiobookRate(7, 16);
    expect(savedAudiobookRate(7)).toBeNull();
    localStorage.setItem('player.rate.audiobook.7', '1e9');
    expect(savedAudiobookRate(7)).toBeNull();
  });
});

describe('reader settings', () => {
  it('round-trips the chosen settings', () => {
    saveReaderSettings({ theme: 'sepia', fontSize: 125, lineHeight: 1.8 });
    expect(savedReaderSettings()).toEqual({ theme: 'sepia', fontSize: 125, lineHeight: 1.8 });
  });

  it('falls back field by field on forged or broken values', () => {
    expect(parseReaderSettings(null)).toEqual(DEFAULT_READER_SETTINGS);
    expect(parseReaderSettings('{not json')).toEqual(DEFAULT_READER_SETTINGS);
    expect(parseReaderSettings('[1,2]')).toEqual(DEFAULT_READER_SETTINGS);
    expect(
      parseReaderSettings(JSON.stringify({ theme: 'url(evil)', fontSize: 9999, lineHeight: 1.8 })),
    ).toEqual({
      ...DEFAULT_READER_SETTINGS,
      lineHeight: 1.8,
    });
  });
});
