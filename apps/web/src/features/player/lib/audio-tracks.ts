/*
 * A video's audio tracks (issue 14 item 11): the media element's `audioTracks` where the browser has
 * them (Safari, and Chromium with its experimental features; the DOM library has no type for them). The
 * demo films have one audio track each, so the menu shows only for media with several.
 */

export interface AudioTrackLike {
  id: string;
  label: string;
  language: string;
  enabled: boolean;
}

export interface AudioTrackListLike extends EventTarget {
  readonly length: number;
  [index: number]: AudioTrackLike | undefined;
}

/** The element's audio track list, or null where the browser offers none. */
export function audioTrackList(media: HTMLMediaElement): AudioTrackListLike | null {
  const list = (media as HTMLMediaElement & { audioTracks?: AudioTrackListLike }).audioTracks;
  return list && typeof list.length === 'number' ? list : null;
}

export interface AudioTrackChoice {
  id: string;
  label: string;
  language: string;
  enabled: boolean;
}

/** The tracks as the menu lists them. */
export function audioTrackChoices(list: AudioTrackListLike | null): AudioTrackChoice[] {
  if (!list) return [];
  const choices: AudioTrackChoice[] = [];
  for (let index = 0; index < list.length; index += 1) {
    const track = list[index];
    if (!track) continue;
    choices.push({
      id: track.id || String(index),
      label: track.label,
      language: track.language,
      enabled: track.enabled,
    });
  }
  return choices;
}

/** Plays the chosen track, and only it (an audio track list may enable several at once). */
export function chooseAudioTrack(list: AudioTrackListLike | null, id: string): void {
  if (!list) return;
  for (let index = 0; index < list.length; index += 1) {
    const track = list[index];
    if (track) track.enabled = (track.id || String(index)) === id;
  }
}
