import { type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import {
  type Playlist,
  addPlaylistTrack,
  createPlaylist,
  getPlaylists,
  libraryErrorText,
  useLibraryStrings,
} from '../../lib/media/library-api';
import './media-library.css';

interface AddToPlaylistProps {
  /** A music track (an album's tracks are added one by one). */
  track: { id: number; title: string };
}

/**
 * "Add to playlist" for a music track: a disclosure that lists the member's playlists (read when it
 * opens) and can create one; choosing one adds the track and says so. Place it beside each track.
 */
export function AddToPlaylist({ track }: AddToPlaylistProps) {
  useLibraryStrings();
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [playlists, setPlaylists] = useState<Playlist[] | null>(null);
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const fieldId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    getPlaylists({ signal: controller.signal })
      .then(setPlaylists)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) {
          setError(failure);
          setPlaylists([]);
        }
      });
    return () => {
      controller.abort();
    };
  }, [open]);

  const addTo = async (playlist: { id: number; name: string }) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      await addPlaylistTrack(playlist.id, track.id);
      setStatus(t('library.addToPlaylist.added', { name: playlist.name }));
      setOpen(false);
      toggle.current?.focus();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const createAndAdd = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    let created: Playlist;
    try {
      created = await createPlaylist(name);
      setName('');
    } catch (failure) {
      setError(failure);
      setBusy(false);
      return;
    }
    setBusy(false);
    await addTo(created);
  };

  return (
    <div className="add-to-playlist">
      <button
        ref={toggle}
        type="button"
        className="button button--ghost"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('library.addToPlaylist.buttonOf', { title: track.title })}
        onClick={() => {
          setStatus('');
          setError(null);
          // Read afresh each time it opens: playlists may have changed on another screen.
          if (!open) setPlaylists(null);
          setOpen(!open);
        }}
      >
        {t('library.addToPlaylist.button')}
      </button>
      <div
        id={panelId}
        className="add-to-playlist__panel"
        hidden={!open}
        role="group"
        aria-label={t('library.addToPlaylist.choose')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setOpen(false);
            toggle.current?.focus();
          }
        }}
      >
        {open && playlists === null ? <p role="status">{t('library.addToPlaylist.loading')}</p> : null}
        {playlists?.length === 0 ? <p>{t('library.addToPlaylist.none')}</p> : null}
        {playlists && playlists.length > 0 ? (
          <ul className="add-to-playlist__list">
            {playlists.map((playlist) => (
              <li key={playlist.id}>
                <button
                  type="button"
                  className="add-to-playlist__choice"
                  onClick={() => void addTo(playlist)}
                >
                  {playlist.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <form className="add-to-playlist__form" onSubmit={(event) => void createAndAdd(event)}>
          <label className="field__label" htmlFor={fieldId}>
            {t('library.addToPlaylist.newName')}
          </label>
          <input
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
          <button type="submit" className="button button--primary">
            {t('library.addToPlaylist.createAndAdd')}
          </button>
        </form>
      </div>
      <p className="add-to-playlist__status" role="status">
        {status}
      </p>
      <p className="add-to-playlist__error" role="alert">
        {error ? libraryErrorText(error, t) : ''}
      </p>
    </div>
  );
}
