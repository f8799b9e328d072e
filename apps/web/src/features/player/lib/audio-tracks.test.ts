import { describe, expect, it } from 'vitest';
import { type AudioTrackListLike, audioTrackChoices, audioTrackList, chooseAudioTrack } from './audio-tracks';
import { captionsToShow, saveCaptions, savedCaptions } from './player-prefs';

function fakeList(tracks: { id: string; label: string; language: string; enabled: boolean }[]) {
  const target = new EventTarget() as AudioTrackListLike & { length: number };
  Object.assign(target, { length: tracks.length }, tracks);
  return target;
}

describe('audio tracks', () => {
  it('lists the tracks and plays only the chosen one', () => {
    const list = fakeList([
      { id: 'a1', label: 'English', language: 'en', enabled: true },
      { id: 'a2', label: 'Français', language: 'fr', enabled: false },
      { id: '', label: 'Commentary', language: 'en', enabled: false },
    ]);
    expect(audioTrackChoices(list).map((track) => [track.id, track.enabled])).toEqual([
      ['a1', true],
      ['a2', false],
      ['2', false],
    ]);
    chooseAudioTrack(list, 'a2');
    expect(audioTrackChoices(list).map((track) => track.enabled)).toEqual([false, true, false]);
    chooseAudioTrack(list, '2');
    expect(audioTrackChoices(list).map((track) => track.enabled)).toEqual([false, false, true]);
  });

  it('offers nothing where the browser has no audio track list', () => {
    const video = document.createElement('video');
    // jsdom has an empty list; Chromium none at all.
    expect(audioTrackChoices(audioTrackList(video))).toEqual([]);
    Object.defineProperty(video, 'audioTracks', { value: undefined });
    expect(audioTrackList(video)).toBeNull();
    expect(audioTrackChoices(null)).toEqual([]);
    expect(() => {
      chooseAudioTrack(null, 'a1');
    }).not.toThrow();
  });
});

describe('captions choice', () => {
  it('remembers the choice per member on this device, and ignores anything else stored', () => {
    saveCaptions(7, 'fr');
    saveCaptions(8, 'off');
    expect(savedCaptions(7)).toBe('fr');
    expect(savedCaptions(8)).toBe('off');
    expect(savedCaptions(9)).toBeNull();
    saveCaptions(7, '<script>');
    expect(savedCaptions(7)).toBe('fr');
    localStorage.setItem('player.captions.9', 'javascript:');
    expect(savedCaptions(9)).toBeNull();
  });

  it('shows the saved language when the film has it, or the same language of another region', () => {
    expect(captionsToShow('fr', ['en', 'fr'])).toBe('fr');
    expect(captionsToShow('pt', ['en', 'pt-BR'])).toBe('pt-BR');
    expect(captionsToShow('de', ['en', 'fr'])).toBeNull();
    expect(captionsToShow('off', ['en'])).toBeNull();
    expect(captionsToShow(null, ['en'])).toBeNull();
  });
});
