import { lazy, Suspense, useEffect } from 'react';
import { useI18n } from '../../../lib/i18n';
import { usePlayQueue } from '../../../lib/media/play-queue';
import { prefetchPlayerStrings } from '../api/player-strings';
import { followPlayQueue } from '../api/session-loader';

// The overlay and its players (and through them hls.js and foliate-js) load only when something plays.
const PlayerOverlay = lazy(() => import('./player-overlay'));

/**
 * Mounted by the main layout (itself lazily, so the first page carries none of this): follows the play
 * queue and shows the player overlay above the routes while an item is active. The moment something is
 * played, its signed URL and saved progress are requested (and hls.js downloads for a video) while the
 * overlay's code is still on its way.
 */
export function PlayerHost() {
  const { active } = usePlayQueue();
  const { locale } = useI18n();
  const playing = active !== null;

  useEffect(() => followPlayQueue(), []);

  // The player's strings download alongside the overlay's code rather than after it.
  useEffect(() => {
    if (playing) prefetchPlayerStrings(locale);
  }, [playing, locale]);

  if (!playing) return null;
  return (
    <Suspense fallback={null}>
      <PlayerOverlay />
    </Suspense>
  );
}

export default PlayerHost;
