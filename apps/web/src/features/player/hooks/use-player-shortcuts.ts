import { useEffect, useRef } from 'react';
import { type MediaControls, VOLUME_STEP } from './use-media-element';

export interface ShortcutActions {
  /** F: full screen (video only). */
  fullscreen?: (() => void) | null;
  /** Seeking keys do nothing on a live stream. */
  live?: boolean;
}

/** Elements whose own keys win: typing, choosing and sliders, and anything editable. */
const OWN_KEYS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

/** Whether a key event belongs to the element it happened in rather than to the player. */
export function keyBelongsToTarget(event: Pick<KeyboardEvent, 'key' | 'target'>): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (OWN_KEYS.has(target.tagName) || target.isContentEditable) return true;
  // Space and Enter press a focused button or link; an open dialog keeps its keys.
  if ((event.key === ' ' || event.key === 'Enter') && target.closest('button, a, [role="button"]'))
    return true;
  if (target.closest('dialog, [role="dialog"], [role="alertdialog"]')) return true;
  // The up and down arrows scroll the page; they are the volume only inside the player.
  return (event.key === 'ArrowUp' || event.key === 'ArrowDown') && !target.closest('.player');
}

/**
 * The player's keyboard shortcuts wherever focus is on the page (issue 14 item 11), except where a key
 * has its own meaning (fields, menus, sliders, a focused button's Space, an open dialog): Space or K
 * plays and pauses, the left and right arrows rewind 10 s and forward 30 s, the up and down arrows
 * change the volume (inside the player: elsewhere they scroll the page), M mutes, F toggles full screen (video).
 */
export function usePlayerShortcuts(controls: MediaControls, actions: ShortcutActions = {}): void {
  // The newest controls, without adding and removing the listener on every render.
  const latest = useRef({ controls, actions });
  useEffect(() => {
    latest.current = { controls, actions };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (keyBelongsToTarget(event)) return;
      const { controls: media, actions: more } = latest.current;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (key === ' ' || key === 'k') media.togglePlay();
      else if (key === 'ArrowLeft' && !more.live) media.rewind();
      else if (key === 'ArrowRight' && !more.live) media.forward();
      else if (key === 'ArrowUp') media.setVolume(media.state.volume + VOLUME_STEP);
      else if (key === 'ArrowDown') media.setVolume(media.state.volume - VOLUME_STEP);
      else if (key === 'm') media.toggleMute();
      else if (key === 'f' && more.fullscreen) more.fullscreen();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
