import { useEffect } from 'react';
import { useI18n } from '../../../lib/i18n';
import { type PlayerKind, playQueue, usePlayQueue } from '../../../lib/media/play-queue';
import { onDemand, useOnDemand } from '../../../lib/on-demand';
import { prefetchPlayerStrings } from '../api/player-strings';
import { followPlayQueue } from '../api/session-loader';
import { preloadStreamEngine } from '../lib/attach-stream';

// The overlay and its players (and through them hls.js and foliate-js) load only when something plays,
// or is about to (a title's page is open).
const playerOverlay = onDemand(() => import('./player-overlay'));

/**
 * What a title about to be played needs, fetched at once: the overlay's code, and for films and streams
 * hls.js (about 100 KB), which otherwise stood between the Play button and the first frame. The title's
 * page has its data and code by the time it says so; downloads do not hold the main thread. A failure
 * here is quiet: the same load is retried, and reported, when the title plays.
 */
function prefetchPlayer(player: PlayerKind): void {
  playerOverlay.load().catch(() => undefined);
  if (player === 'movie' || player === 'stream') preloadStreamEngine(player === 'stream');
}

/**
 * Mounted by the main layout (itself loaded on demand, so the first page carries none of this): follows
 * the play queue and shows the player overlay above the routes while an item is active. The moment
 * something is played, its signed URL and saved progress are requested (and hls.js downloads for a
 * video) while the overlay's code is still on its way; the overlay shows as soon as its code is in.
 */
export function PlayerHost() {
  const { active } = usePlayQueue();
  const { locale } = useI18n();
  const playing = active !== null;
  const PlayerOverlay = useOnDemand(playerOverlay, playing)?.default;

  useEffect(() => followPlayQueue(), []);

  useEffect(() => playQueue.onExpect(prefetchPlayer), []);

  // The player's strings download alongside the overlay's code rather than after it.
  useEffect(() => {
    if (playing) prefetchPlayerStrings(locale);
  }, [playing, locale]);

  return playing && PlayerOverlay ? <PlayerOverlay /> : null;
}

export default PlayerHost;
