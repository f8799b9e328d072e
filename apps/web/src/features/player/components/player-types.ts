import type { QueueGroup } from '../../../lib/media/play-queue';

/** The parts of the title being played (an album's tracks, a series' episodes), for its list. */
export interface PartList {
  group: QueueGroup;
  heading: 'player.album.title' | 'player.episodes.title';
}
