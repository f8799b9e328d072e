import type { MediaType } from '@member/domain';
import { describe, expect, it, vi } from 'vitest';
import { createPlayQueue, partsGroup, playerForMediaType, type QueueItem } from './play-queue';

function item(id: number, mediaType: MediaType = 'music'): QueueItem {
  return { id, mediaType, title: `Title ${id}`, thumbnail: null };
}

function ids(items: readonly QueueItem[]): number[] {
  return items.map((entry) => entry.id);
}

/** A queue whose random numbers come from a fixed list (then 0), and whose warnings are recorded. */
function setup(randoms: number[] = []) {
  const warn = vi.fn();
  const queue = createPlayQueue({ random: () => randoms.shift() ?? 0, warn });
  return { queue, warn };
}

describe('playerForMediaType', () => {
  it('picks one player per media type, game and software sharing one', () => {
    expect(playerForMediaType('audiobook')).toBe('audiobook');
    expect(playerForMediaType('music')).toBe('music');
    expect(playerForMediaType('movie')).toBe('movie');
    expect(playerForMediaType('ebook')).toBe('book');
    expect(playerForMediaType('stream')).toBe('stream');
    expect(playerForMediaType('game')).toBe('game');
    expect(playerForMediaType('software')).toBe('game');
    expect(playerForMediaType('radio')).toBeNull();
  });
});

describe('play', () => {
  it('makes the first item active and selects the player by its media type', () => {
    const { queue } = setup();
    queue.play([item(1, 'audiobook'), item(2, 'audiobook')]);
    const state = queue.getSnapshot();
    expect(state.active?.id).toBe(1);
    expect(state.player).toBe('audiobook');
    expect(ids(state.items)).toEqual([1, 2]);
    expect(state.history).toEqual([]);
    expect(state.expanded).toBe(false);
  });

  it('starts at startIndex, keeping the earlier items as history for previous', () => {
    const { queue } = setup();
    queue.play([item(1), item(2), item(3)], { startIndex: 1 });
    const state = queue.getSnapshot();
    expect(state.active?.id).toBe(2);
    expect(ids(state.items)).toEqual([2, 3]);
    expect(ids(state.history)).toEqual([1]);
  });

  it('clamps an out-of-range startIndex', () => {
    const { queue } = setup();
    queue.play([item(1), item(2)], { startIndex: 9 });
    expect(queue.getSnapshot().active?.id).toBe(2);
    queue.play([item(1), item(2)], { startIndex: -3 });
    expect(queue.getSnapshot().active?.id).toBe(1);
  });

  it('picks a random active item with shuffle and shuffles the rest', () => {
    // 0.5 * 3 -> index 1 (item 2); then the Fisher-Yates draws for the remaining [1, 3].
    const { queue } = setup([0.5, 0]);
    queue.play([item(1), item(2), item(3)], { shuffle: true });
    const state = queue.getSnapshot();
    expect(state.active?.id).toBe(2);
    expect(state.shuffle).toBe(true);
    expect(ids(state.items)).toEqual([2, 3, 1]);
    expect(state.history).toEqual([]);
  });

  it('opens the full view for visual players and the mini bar for audio', () => {
    const { queue } = setup();
    queue.play([item(1, 'movie')]);
    expect(queue.getSnapshot()).toMatchObject({ player: 'movie', expanded: true });
    queue.play([item(2, 'software')]);
    expect(queue.getSnapshot()).toMatchObject({ player: 'game', expanded: true });
    queue.play([item(3, 'music')]);
    expect(queue.getSnapshot()).toMatchObject({ player: 'music', expanded: false });
    queue.play([item(4, 'music')], { expanded: true });
    expect(queue.getSnapshot()).toMatchObject({ player: 'music', expanded: true });
  });

  it('only warns for an empty queue', () => {
    const { queue, warn } = setup();
    queue.play([item(1)]);
    const before = queue.getSnapshot();
    queue.play([]);
    expect(warn).toHaveBeenCalledWith('Play queue: nothing to play');
    expect(queue.getSnapshot()).toBe(before);
  });

  it('only warns for an unknown media type', () => {
    const { queue, warn } = setup();
    const radio = { ...item(7), mediaType: 'radio' as MediaType };
    queue.play([radio]);
    expect(warn).toHaveBeenCalledWith('Play queue: unknown media type', 'radio');
    expect(queue.getSnapshot().active).toBeNull();
  });

  it('changes the activation on every play, even of the same title', () => {
    const { queue } = setup();
    queue.play([item(1)]);
    const first = queue.getSnapshot().activation;
    queue.play([item(1)]);
    expect(queue.getSnapshot().activation).toBeGreaterThan(first);
  });
});

describe('next and previous', () => {
  it('next removes the active item into the history; previous restores it to the front', () => {
    const { queue } = setup();
    queue.play([item(1), item(2), item(3)]);
    queue.next();
    expect(queue.getSnapshot().active?.id).toBe(2);
    expect(ids(queue.getSnapshot().items)).toEqual([2, 3]);
    expect(ids(queue.getSnapshot().history)).toEqual([1]);
    queue.next();
    expect(ids(queue.getSnapshot().history)).toEqual([1, 2]);
    queue.previous();
    expect(ids(queue.getSnapshot().items)).toEqual([2, 3]);
    expect(ids(queue.getSnapshot().history)).toEqual([1]);
    expect(queue.hasPrevious()).toBe(true);
  });

  it('previous does nothing without history', () => {
    const { queue } = setup();
    queue.play([item(1), item(2)]);
    const before = queue.getSnapshot();
    queue.previous();
    expect(queue.getSnapshot()).toBe(before);
    expect(queue.hasPrevious()).toBe(false);
  });

  it('next past the last item empties the queue and closes the player', () => {
    const { queue } = setup();
    queue.play([item(1)]);
    expect(queue.hasNext()).toBe(false);
    queue.next();
    const state = queue.getSnapshot();
    expect(state.active).toBeNull();
    expect(state.player).toBeNull();
    expect(state.items).toEqual([]);
  });

  it('with repeat all, next past the last item starts over from the oldest', () => {
    const { queue } = setup();
    queue.setRepeat('all');
    queue.play([item(1), item(2)], { startIndex: 1 });
    expect(queue.hasNext()).toBe(true);
    queue.next();
    expect(ids(queue.getSnapshot().items)).toEqual([1, 2]);
    expect(queue.getSnapshot().history).toEqual([]);
  });

  it('switches the player when the next item is of another media type', () => {
    const { queue } = setup();
    queue.play([item(1, 'music'), item(2, 'game')]);
    queue.next();
    expect(queue.getSnapshot().player).toBe('game');
  });
});

describe('replaceActive', () => {
  it('puts the parts of the active item in its place and starts at the chosen one', () => {
    const { queue } = setup();
    queue.play([item(10, 'movie'), item(20, 'movie')]);
    queue.replaceActive([item(11, 'movie'), item(12, 'movie'), item(13, 'movie')], 1);
    const state = queue.getSnapshot();
    expect(state.active?.id).toBe(12);
    expect(ids(state.items)).toEqual([12, 13, 20]);
    expect(ids(state.history)).toEqual([11]);
    expect(state.expanded).toBe(true);
    expect(state.group).toMatchObject({ id: 10, mediaType: 'movie', title: 'Title 10' });
    expect(ids(state.group?.items ?? [])).toEqual([11, 12, 13]);
  });

  it('a new play forgets the group unless it names one', () => {
    const { queue } = setup();
    queue.play([item(10)]);
    queue.replaceActive([item(11), item(12)]);
    const group = queue.getSnapshot().group;
    queue.play(group?.items ?? [], { startIndex: 1, group });
    expect(queue.getSnapshot().group).toBe(group);
    queue.play([item(5)]);
    expect(queue.getSnapshot().group).toBeNull();
  });

  it('does nothing without parts or without an active item', () => {
    const { queue } = setup();
    queue.replaceActive([item(1)]);
    expect(queue.getSnapshot().active).toBeNull();
    queue.play([item(2)]);
    const before = queue.getSnapshot();
    queue.replaceActive([]);
    expect(queue.getSnapshot()).toBe(before);
  });
});

describe('queue editing', () => {
  it('removes an upcoming item; removing the active one moves to the next', () => {
    const { queue } = setup();
    queue.play([item(1), item(2), item(3)]);
    queue.remove(2);
    expect(ids(queue.getSnapshot().items)).toEqual([1, 2]);
    queue.remove(0);
    expect(queue.getSnapshot().active?.id).toBe(2);
    queue.remove(5);
    expect(ids(queue.getSnapshot().items)).toEqual([2]);
  });

  it('reorders upcoming items but never moves the active one', () => {
    const { queue } = setup();
    queue.play([item(1), item(2), item(3), item(4)]);
    queue.move(3, 1);
    expect(ids(queue.getSnapshot().items)).toEqual([1, 4, 2, 3]);
    queue.move(1, 0);
    queue.move(0, 2);
    queue.move(1, 9);
    expect(ids(queue.getSnapshot().items)).toEqual([1, 4, 2, 3]);
  });

  it('appends to the queue, or starts playing when nothing plays', () => {
    const { queue } = setup();
    queue.append([item(1)]);
    expect(queue.getSnapshot().active?.id).toBe(1);
    queue.append([item(2), item(3)]);
    expect(ids(queue.getSnapshot().items)).toEqual([1, 2, 3]);
  });

  it('shuffles the upcoming items and restores their order when shuffle is turned off', () => {
    const { queue } = setup([0, 0, 0]);
    queue.play([item(1), item(2), item(3), item(4)]);
    queue.setShuffle(true);
    const shuffledIds = ids(queue.getSnapshot().items);
    expect(shuffledIds[0]).toBe(1);
    expect(shuffledIds).not.toEqual([1, 2, 3, 4]);
    expect([...shuffledIds].sort()).toEqual([1, 2, 3, 4]);
    queue.setShuffle(false);
    expect(ids(queue.getSnapshot().items)).toEqual([1, 2, 3, 4]);
  });
});

describe('store', () => {
  it('notifies subscribers with a new snapshot and stops after unsubscribe', () => {
    const { queue } = setup();
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.play([item(1)]);
    expect(listener).toHaveBeenCalledTimes(1);
    queue.setExpanded(true);
    expect(queue.getSnapshot().expanded).toBe(true);
    unsubscribe();
    queue.close();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(queue.getSnapshot().active).toBeNull();
  });
});

describe('partsGroup', () => {
  const album = { id: 100, mediaType: 'music' as const, title: 'Album' };

  it('names the album or series whose parts are played, so the player lists them', () => {
    const tracks = [item(1), item(2), item(3)];
    const group = partsGroup(album, tracks);
    expect(group).toEqual({ id: 100, mediaType: 'music', title: 'Album', items: tracks });
    const queue = createPlayQueue();
    queue.play(tracks, { startIndex: 1, group });
    expect(queue.getSnapshot().active?.id).toBe(2);
    expect(queue.getSnapshot().group?.id).toBe(100);
  });

  it('is null when the title itself is played, or nothing is', () => {
    expect(partsGroup(album, [item(100)])).toBeNull();
    expect(partsGroup(album, [])).toBeNull();
  });
});

describe('expect', () => {
  it('tells listeners which player a title about to be played needs, changing nothing in the queue', () => {
    const { queue } = setup();
    const heard: string[] = [];
    const stop = queue.onExpect((player) => heard.push(player));
    const before = queue.getSnapshot();
    queue.expect('movie');
    queue.expect('software');
    queue.expect('podcast');
    expect(heard).toEqual(['movie', 'game']);
    expect(queue.getSnapshot()).toBe(before);
    stop();
    queue.expect('ebook');
    expect(heard).toEqual(['movie', 'game']);
  });

  it('replays the last expectation to a listener that arrives later', () => {
    const { queue } = setup();
    queue.expect('stream');
    const heard: string[] = [];
    queue.onExpect((player) => heard.push(player));
    expect(heard).toEqual(['stream']);
  });
});
