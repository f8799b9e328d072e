import type { MediaProgress } from '../../../lib/media/library-api';
import type { QueueItem } from '../../../lib/media/play-queue';
import type { Playback } from './playback';

/**
 * Where to start a time-based title, in seconds from the start of its file: the queue item's own start,
 * else the saved progress unless the title was finished (then from the beginning).
 */
export function resumeSeconds(item: QueueItem, playback: Playback, progress: MediaProgress | null): number {
  const offset = playback.startSeconds ?? 0;
  if (item.startSeconds !== undefined) return offset + item.startSeconds;
  if (progress && !progress.finished && progress.progress > 0) return offset + progress.progress;
  return offset;
}
