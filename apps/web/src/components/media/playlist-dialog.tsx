import { type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import {
  type Playlist,
  addPlaylistTrack,
  createPlaylist,
  getPlaylists,
  libraryErrorText,
} from '../../lib/media/library-api';
import { Dialog } from '../ui/dialog';
import { Icon } from '../ui/icons';
import './playlist-dialog.css';

/*
 * The add-to-playlist dialog, a chunk of its own (vite.config.ts): fetched when a member first points at,
 * focuses or presses an Add to playlist button, not with every screen that shows one.
 */

interface Track {
  id: number;
  title: string;
}

export interface PlaylistDialogProps {
  track: Track;
  /** Called once the dialog has closed (so focus can go back), with the confirmation if the track was added. */
  onClosed: (confirmation?: string) => void;
}

export function PlaylistDialog({ track, onClosed }: PlaylistDialogProps) {
  const { t } = useI18n();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const confirmation = useRef<string | undefined>(undefined);
  const listLabelId = useId();
  const fieldId = useId();
  const [playlists, setPlaylists] = useState<Playlist[] | null>(null);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  // Read afresh each time it opens: playlists may have changed on another screen.
  useEffect(() => {
    const controller = new AbortController();
    getPlaylists({ signal: controller.signal })
      .then(setPlaylists)
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setPlaylists([]);
      });
    return () => {
      controller.abort();
    };
  }, []);

  // Once the list is here, focus moves on to the first playlist (or the new playlist's name), unless the
  // member has already moved it.
  useEffect(() => {
    if (playlists === null || document.activeElement !== headingRef.current) return;
    (listRef.current?.querySelector('button') ?? fieldRef.current)?.focus();
  }, [playlists]);

  /** Closes first: focus can only go back to the page once the modal dialog is gone (Dialog's onClose). */
  const finish = (text?: string) => {
    confirmation.current = text;
    dialogRef.current?.close();
  };

  const addTo = async (playlist: Playlist) => {
    if (busy) return;
    if (holds(playlist, track)) {
      setNotice(t('library.addToPlaylist.alreadyAdded', { title: track.title, name: playlist.name }));
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(t('library.actions.working'));
    try {
      await addPlaylistTrack(playlist.id, track.id);
    } catch (failure) {
      setError(failure);
      setNotice('');
      setBusy(false);
      return;
    }
    finish(t('library.addToPlaylist.added', { name: playlist.name }));
  };

  const createAndAdd = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setNotice(t('library.actions.working'));
    let created: Playlist;
    try {
      created = await createPlaylist(name);
    } catch (failure) {
      setError(failure);
      setNotice('');
      setBusy(false);
      return;
    }
    // The new playlist is listed whatever happens next, so a retry adds to it rather than making another.
    setPlaylists((list) => [...(list ?? []), created]);
    setName('');
    setBusy(false);
    await addTo(created);
  };

  return (
    // Focus starts on its title, so that screen readers read what it is for; the list arrives after.
    <Dialog
      title={t('library.addToPlaylist.title')}
      description={track.title}
      closeLabel={t('library.addToPlaylist.close')}
      className="playlist-dialog"
      focusTitle
      titleRef={headingRef}
      dialogRef={dialogRef}
      closeOnBackdrop
      onClose={() => {
        onClosed(confirmation.current);
      }}
    >
      {playlists && playlists.length > 0 ? (
        <div className="playlist-dialog__choices">
          <p className="playlist-dialog__label" id={listLabelId}>
            {t('library.addToPlaylist.choose')}
          </p>
          <ul className="playlist-dialog__list" ref={listRef} aria-labelledby={listLabelId}>
            {playlists.map((playlist) => {
              const added = holds(playlist, track);
              return (
                <li key={playlist.id}>
                  <button
                    type="button"
                    className="playlist-dialog__choice"
                    aria-disabled={added || busy ? true : undefined}
                    onClick={() => void addTo(playlist)}
                  >
                    <span className="playlist-dialog__choice-icon" aria-hidden="true">
                      <Icon name={added ? 'check' : 'playlist'} size={18} />
                    </span>
                    <span className="playlist-dialog__choice-name">{playlist.name}</span>
                    <span className="playlist-dialog__choice-meta">
                      {added
                        ? t('library.addToPlaylist.alreadyIn')
                        : t('library.playlists.trackCount', { count: playlist.tracks.length })}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {playlists?.length === 0 ? (
        <p className="playlist-dialog__none">{t('library.addToPlaylist.none')}</p>
      ) : null}

      <form className="playlist-dialog__form" onSubmit={(event) => void createAndAdd(event)}>
        <label className="field__label" htmlFor={fieldId}>
          {t('library.addToPlaylist.newName')}
        </label>
        <div className="playlist-dialog__create">
          <input
            ref={fieldRef}
            id={fieldId}
            className="input"
            value={name}
            maxLength={100}
            required
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          <button type="submit" className="button button--primary" aria-disabled={busy || undefined}>
            {t('library.addToPlaylist.createAndAdd')}
          </button>
        </div>
      </form>

      <p className="playlist-dialog__status" role="status">
        {playlists === null ? t('library.addToPlaylist.loading') : notice}
      </p>
      {error ? (
        <p className="playlist-dialog__error" role="alert">
          {libraryErrorText(error, t)}
        </p>
      ) : null}
    </Dialog>
  );
}

function holds(playlist: Playlist, track: Track): boolean {
  return playlist.tracks.some((entry) => entry.id === track.id);
}
