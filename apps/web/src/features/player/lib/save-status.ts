import { useSyncExternalStore } from 'react';

/**
 * Whether saving the member's progress keeps failing (decision 011): the player then says so, without
 * stopping playback, until a save succeeds again.
 */
let failing = false;
const listeners = new Set<() => void>();

export const progressSaveStatus = {
  isFailing: (): boolean => failing,
  set: (next: boolean): void => {
    if (next === failing) return;
    failing = next;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useProgressSaveFailing(): boolean {
  return useSyncExternalStore(
    progressSaveStatus.subscribe,
    progressSaveStatus.isFailing,
    progressSaveStatus.isFailing,
  );
}
