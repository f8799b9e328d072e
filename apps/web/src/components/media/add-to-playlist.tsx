import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { useLibraryStrings } from '../../lib/media/library-api';
import { onDemand, useOnDemand } from '../../lib/on-demand';
import { Icon } from '../ui/icons';
import './media-library.css';

// The dialog's code loads when a member first goes for a button (decision 016).
const playlistDialog = onDemand(() => import('./playlist-dialog'));

/** How long the confirmation stays on screen. */
const CONFIRMATION_MS = 5000;

/** Clears the confirmation on screen, if any: one shows at a time, the latest (they share a place). */
let clearShownConfirmation: (() => void) | null = null;

interface Track {
  id: number;
  title: string;
}

interface AddToPlaylistProps {
  /** A music track (an album's tracks are added one by one). */
  track: Track;
  /**
   * `icon`: an icon button named after the track, for a row of tracks; `text`: a button that reads "Add
   * to playlist", where the track is the one the screen is about (the player).
   */
  appearance?: 'icon' | 'text';
  /** The button's classes, so that it looks like its neighbours. */
  buttonClassName?: string;
}

/**
 * "Add to playlist" for a music track: a button that opens a modal dialog listing the member's playlists
 * (read when it opens), saying which already hold the track, with a field to create a new one. Choosing
 * a playlist adds the track, closes the dialog, returns focus to the button and confirms beside it.
 */
export function AddToPlaylist({ track, appearance = 'icon', buttonClassName }: AddToPlaylistProps) {
  useLibraryStrings();
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [pointedAt, setPointedAt] = useState(false);
  const PlaylistDialog = useOnDemand(playlistDialog, pointedAt || open)?.PlaylistDialog;
  const toggle = useRef<HTMLButtonElement>(null);
  const want = () => {
    setPointedAt(true);
  };

  const confirm = (message: string) => {
    clearShownConfirmation?.();
    setConfirmation(message);
    clearShownConfirmation = () => {
      setConfirmation('');
    };
  };

  useEffect(() => {
    if (!confirmation) return undefined;
    const timer = window.setTimeout(() => {
      setConfirmation('');
    }, CONFIRMATION_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [confirmation]);

  const isIcon = appearance === 'icon';
  return (
    <span className="add-to-playlist">
      <button
        ref={toggle}
        type="button"
        className={buttonClassName ?? (isIcon ? 'icon-button' : 'button button--ghost')}
        aria-haspopup="dialog"
        aria-label={isIcon ? t('library.addToPlaylist.buttonOf', { title: track.title }) : undefined}
        title={isIcon ? t('library.addToPlaylist.button') : undefined}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          setConfirmation('');
          setOpen(true);
        }}
      >
        <Icon name="playlist-add" size={isIcon ? 20 : 18} />
        {isIcon ? null : t('library.addToPlaylist.button')}
      </button>
      {open && PlaylistDialog ? (
        <PlaylistDialog
          track={track}
          onClosed={(message) => {
            setOpen(false);
            if (message) confirm(message);
            toggle.current?.focus();
          }}
        />
      ) : null}
      {/* In the page (and the accessibility tree) while empty, so that screen readers announce it. */}
      <span className="add-to-playlist__toast" role="status">
        {confirmation}
      </span>
    </span>
  );
}
