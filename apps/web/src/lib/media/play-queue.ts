import { isMediaType, type MediaType } from '@member/domain';
import { useSyncExternalStore } from 'react';
import { logger } from '../logger';

/** A title in the play queue: what the player needs before the server hands out a playback URL. */
export interface QueueItem {
  id: number;
  mediaType: MediaType;
  title: string;
  thumbnail: { origin: string; path: string; cacheIndex: number } | null;
  artist?: string;
  duration?: number | null;
  /** Where to start (a chapter or track inside one file); otherwise the saved progress is used. */
  startSeconds?: number;
}

/** The player shown for a media type (spec section 4: game and software share one player). */
export type PlayerKind = 'audiobook' | 'music' | 'movie' | 'book' | 'game' | 'stream';

export type RepeatMode = 'off' | 'all' | 'one';

/** A title played through its parts (an album's tracks, a series' episodes), for the parts' list. */
export interface QueueGroup {
  id: number;
  mediaType: MediaType;
  title: string;
  items: readonly QueueItem[];
}

export interface PlayQueueState {
  /** The queue; `items[0]` is the active item. Empty when nothing plays. */
  items: readonly QueueItem[];
  /** Items played before the active one, oldest first; `previous()` takes the last one back. */
  history: readonly QueueItem[];
  /** The active item, `items[0]`, or null. */
  active: QueueItem | null;
  player: PlayerKind | null;
  /** Changes every time an item becomes active, so the player restarts even for the same title. */
  activation: number;
  shuffle: boolean;
  repeat: RepeatMode;
  /** Whether the overlay shows its full view rather than the mini bar. */
  expanded: boolean;
  /** The album or series whose parts are being played, if any. */
  group: QueueGroup | null;
}

export interface PlayOptions {
  startIndex?: number;
  shuffle?: boolean;
  /** Open the full view (the default for movies, books, games and streams) or the mini bar (audio). */
  expanded?: boolean;
  /** The album or series these items are the parts of. */
  group?: QueueGroup | null;
}

/**
 * The group to pass with `play` when a title is played through its parts (an album's tracks, a series'
 * episodes), so the player lists them whichever part plays; null when the items are the title itself.
 */
export function partsGroup(
  parent: { id: number; mediaType: MediaType; title: string },
  items: readonly QueueItem[],
): QueueGroup | null {
  const isParent = items.some((item) => item.id === parent.id && item.mediaType === parent.mediaType);
  if (items.length === 0 || isParent) return null;
  return { id: parent.id, mediaType: parent.mediaType, title: parent.title, items };
}

const PLAYER_BY_TYPE: Record<MediaType, PlayerKind> = {
  audiobook: 'audiobook',
  music: 'music',
  movie: 'movie',
  ebook: 'book',
  game: 'game',
  software: 'game',
  stream: 'stream',
};

/** The player for a media type, or null for a type the player does not know. */
export function playerForMediaType(mediaType: string): PlayerKind | null {
  return isMediaType(mediaType) ? PLAYER_BY_TYPE[mediaType] : null;
}

/** Audio plays in the mini bar; the other players open their full view. */
const OPENS_EXPANDED: Record<PlayerKind, boolean> = {
  audiobook: false,
  music: false,
  movie: true,
  book: true,
  game: true,
  stream: true,
};

const EMPTY: PlayQueueState = {
  items: [],
  history: [],
  active: null,
  player: null,
  activation: 0,
  shuffle: false,
  repeat: 'off',
  expanded: false,
  group: null,
};

interface Dependencies {
  /** A number in [0, 1); Math.random by default. */
  random?: () => number;
  warn?: (message: string, detail?: unknown) => void;
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * The play queue (spec section 4) as an external store for `useSyncExternalStore`: `play` picks the
 * active item (a random one with shuffle, else `startIndex` or the first) and the player for its media
 * type; `next` removes the active item (into the history); `previous` puts the last history item back at
 * the front. An empty queue or an unknown media type only logs a warning.
 */
export function createPlayQueue({
  random = Math.random,
  warn = (message: string, detail?: unknown) => {
    logger.warn(message, detail);
  },
}: Dependencies = {}) {
  let state: PlayQueueState = EMPTY;
  /** The order the items were played in, to restore when shuffle is turned off. */
  let source: readonly QueueItem[] = [];
  const listeners = new Set<() => void>();
  const expectations = new Set<(player: PlayerKind) => void>();
  let expected: PlayerKind | null = null;

  function set(next: PlayQueueState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  /** Makes `items[0]` active (or closes when the queue is empty). */
  function activate(
    items: readonly QueueItem[],
    history: readonly QueueItem[],
    extra: Partial<PlayQueueState> = {},
  ): void {
    const active = items[0] ?? null;
    if (!active) {
      close();
      return;
    }
    const player = playerForMediaType(active.mediaType);
    if (!player) {
      warn('Play queue: unknown media type', active.mediaType);
      return;
    }
    set({
      ...state,
      ...extra,
      items,
      history,
      active,
      player,
      activation: state.activation + 1,
    });
  }

  function play(items: readonly QueueItem[], options: PlayOptions = {}): void {
    if (items.length === 0) {
      warn('Play queue: nothing to play');
      return;
    }
    const shuffle = options.shuffle ?? false;
    const startIndex = shuffle
      ? Math.floor(random() * items.length)
      : Math.min(Math.max(Math.trunc(options.startIndex ?? 0), 0), items.length - 1);
    const first = items[startIndex];
    if (!first) return;
    const player = playerForMediaType(first.mediaType);
    if (!player) {
      warn('Play queue: unknown media type', first.mediaType);
      return;
    }
    source = [...items];
    const expanded = options.expanded ?? OPENS_EXPANDED[player];
    const group = options.group ?? null;
    if (shuffle) {
      const rest = items.filter((_, index) => index !== startIndex);
      activate([first, ...shuffled(rest, random)], [], { shuffle: true, expanded, group });
    } else {
      activate(items.slice(startIndex), items.slice(0, startIndex), { shuffle: false, expanded, group });
    }
  }

  function hasNext(current: PlayQueueState = state): boolean {
    return current.items.length > 1 || (current.repeat === 'all' && current.history.length > 0);
  }

  function next(): void {
    const [current, ...rest] = state.items;
    if (!current) return;
    const history = [...state.history, current];
    if (rest.length === 0 && state.repeat === 'all') {
      // Start the queue over from the oldest item played.
      activate(history, []);
      return;
    }
    activate(rest, history);
  }

  function previous(): void {
    const last = state.history.at(-1);
    if (!last) return;
    activate([last, ...state.items], state.history.slice(0, -1));
  }

  /**
   * Puts the parts of the active item in its place (an album's tracks, a series' episodes), the first
   * becoming active with the same player view; `startIndex` picks another part to start from. The active
   * item becomes the queue's group, for the parts' list.
   */
  function replaceActive(parts: readonly QueueItem[], startIndex = 0): void {
    const parent = state.active;
    if (!parent || parts.length === 0) return;
    const index = Math.min(Math.max(Math.trunc(startIndex), 0), parts.length - 1);
    const rest = state.items.slice(1);
    source = [...parts, ...rest];
    const group: QueueGroup = {
      id: parent.id,
      mediaType: parent.mediaType,
      title: parent.title,
      items: parts,
    };
    activate([...parts.slice(index), ...rest], [...state.history, ...parts.slice(0, index)], { group });
  }

  /** Removes an upcoming item (index > 0); removing the active item is `next()`. */
  function remove(index: number): void {
    if (index === 0) {
      next();
      return;
    }
    if (index < 0 || index >= state.items.length) return;
    set({ ...state, items: state.items.filter((_, i) => i !== index) });
  }

  /** Moves an upcoming item to another upcoming position (the active item stays first). */
  function move(from: number, to: number): void {
    const { items } = state;
    if (from < 1 || to < 1 || from >= items.length || to >= items.length || from === to) return;
    const reordered = [...items];
    const [moved] = reordered.splice(from, 1);
    if (!moved) return;
    reordered.splice(to, 0, moved);
    set({ ...state, items: reordered });
  }

  /** Adds items at the end of the queue; starts playing when nothing plays. */
  function append(items: readonly QueueItem[]): void {
    if (!state.active) {
      play(items);
      return;
    }
    const known = items.filter((item) => playerForMediaType(item.mediaType) !== null);
    if (known.length < items.length) warn('Play queue: unknown media type skipped');
    source = [...source, ...known];
    set({ ...state, items: [...state.items, ...known] });
  }

  function setShuffle(shuffle: boolean): void {
    if (shuffle === state.shuffle) return;
    const [current, ...rest] = state.items;
    if (!current) {
      set({ ...state, shuffle });
      return;
    }
    const upcoming = shuffle
      ? shuffled(rest, random)
      : [...rest].sort((a, b) => source.indexOf(a) - source.indexOf(b));
    set({ ...state, shuffle, items: [current, ...upcoming] });
  }

  function setRepeat(repeat: RepeatMode): void {
    set({ ...state, repeat });
  }

  function setExpanded(expanded: boolean): void {
    if (!state.active || state.expanded === expanded) return;
    set({ ...state, expanded });
  }

  function close(): void {
    source = [];
    set({ ...EMPTY, activation: state.activation, repeat: state.repeat });
  }

  /**
   * Says that a title of this media type may be played soon (its page is open, its Play button is pointed
   * at), so that the player can fetch what it will need beforehand. Changes nothing in the queue.
   */
  function expect(mediaType: string): void {
    const player = playerForMediaType(mediaType);
    if (!player) return;
    expected = player;
    for (const listener of expectations) listener(player);
  }

  return {
    play,
    expect,
    next,
    previous,
    replaceActive,
    remove,
    move,
    append,
    setShuffle,
    setRepeat,
    setExpanded,
    close,
    hasNext: () => hasNext(),
    hasPrevious: () => state.history.length > 0,
    getSnapshot: (): PlayQueueState => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /**
     * Listens to `expect`: the player that a title about to be played would need. A listener added later
     * (the player's own code arrived after the title's page) hears the last expectation at once.
     */
    onExpect: (listener: (player: PlayerKind) => void): (() => void) => {
      expectations.add(listener);
      if (expected) listener(expected);
      return () => {
        expectations.delete(listener);
      };
    },
  };
}

export type PlayQueue = ReturnType<typeof createPlayQueue>;

/** The app's one play queue: browse and library screens call `playQueue.play(...)`. */
export const playQueue: PlayQueue = createPlayQueue();

export function usePlayQueue(queue: PlayQueue = playQueue): PlayQueueState {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}
