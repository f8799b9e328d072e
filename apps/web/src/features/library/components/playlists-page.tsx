import { type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { useI18n } from '../../../lib/i18n';
import {
  type Playlist,
  type PlaylistTrack,
  createPlaylist,
  deletePlaylist,
  removePlaylistTrack,
  renamePlaylist,
  reorderPlaylist,
} from '../../../lib/media/library-api';
import { formatDateAndTime } from '../../../lib/format';
import { formatDuration } from '../../../lib/media/media-strings';
import { playQueue } from '../../../lib/media/play-queue';
import { thumbnailSrcSet, thumbnailUrl } from '../../../lib/media/thumbnail-url';
import { useSession } from '../../../lib/session';
import type { PlaylistsData } from '../api/library-loaders';
import { removal, useOptimisticList } from '../hooks/use-optimistic-list';
import { LibraryEmpty, LibraryError, queueItem } from './library-shared';
import '../library.css';

/** `?id=` opens one playlist, so reload, back and forward keep it open. */
export const PLAYLIST_PARAM = 'id';

/** The server's bound on a name; the field stops there too. */
const NAME_MAX = 100;

type Change = ReturnType<typeof useOptimisticList<Playlist>>['change'];

/** Replaces one playlist of the list. */
const withPlaylist = (id: number, update: (playlist: Playlist) => Playlist) => (items: readonly Playlist[]) =>
  items.map((playlist) => (playlist.id === id ? update(playlist) : playlist));

/** A change to one playlist's tracks: applied at once, undone if the server refuses it. */
function trackChange(
  change: Change,
  playlist: Playlist,
  nextTracks: PlaylistTrack[],
  run: () => Promise<unknown>,
): Promise<boolean> {
  const before = playlist.tracks;
  return change({
    apply: withPlaylist(playlist.id, (current) => ({ ...current, tracks: nextTracks })),
    revert: withPlaylist(playlist.id, (current) => ({ ...current, tracks: before })),
    run: async () => {
      await run();
    },
  });
}

function CreatePlaylistForm({
  onCreated,
  onError,
}: {
  onCreated: (p: Playlist) => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      onCreated(await createPlaylist(name));
      setName('');
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="library-form" onSubmit={(event) => void submit(event)}>
      <label className="field__label" htmlFor={fieldId}>
        {t('library.playlists.nameLabel')}
      </label>
      <div className="library-form__row">
        <input
          id={fieldId}
          className="input"
          value={name}
          maxLength={NAME_MAX}
          required
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('library.playlists.create')}
        </button>
      </div>
    </form>
  );
}

function PlaylistRow({ playlist, change }: { playlist: Playlist; change: Change }) {
  const { t } = useI18n();
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  const [name, setName] = useState(playlist.name);
  const fieldId = useId();
  const questionId = useId();

  const rename = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMode('idle');
    const before = playlist.name;
    const next = name.trim().replace(/\s+/g, ' ');
    void change({
      apply: withPlaylist(playlist.id, (current) => ({ ...current, name: next })),
      revert: withPlaylist(playlist.id, (current) => ({ ...current, name: before })),
      run: async () => {
        await renamePlaylist(playlist.id, next);
      },
    });
  };
  const remove = () => {
    setMode('idle');
    void change({
      ...removal((item: Playlist) => item.id === playlist.id),
      run: () => deletePlaylist(playlist.id),
    });
  };

  return (
    <li className="library-row">
      <div className="library-row__text">
        <Link className="library-row__title" to={`?${PLAYLIST_PARAM}=${String(playlist.id)}`}>
          {playlist.name}
        </Link>
        <p className="library-row__meta">
          {t('library.playlists.trackCount', { count: playlist.tracks.length })}
        </p>
      </div>
      {mode === 'rename' ? (
        <form className="library-form library-form--inline" onSubmit={rename}>
          <label className="visually-hidden" htmlFor={fieldId}>
            {t('library.playlists.nameLabel')}
          </label>
          <input
            id={fieldId}
            className="input"
            value={name}
            maxLength={NAME_MAX}
            required
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setMode('idle');
            }}
          />
          <button type="submit" className="button button--primary">
            {t('library.playlists.saveName')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setMode('idle');
            }}
          >
            {t('library.actions.cancel')}
          </button>
        </form>
      ) : mode === 'delete' ? (
        <div
          className="library-confirm library-confirm--inline"
          role="alertdialog"
          aria-labelledby={questionId}
        >
          <p className="library-confirm__title" id={questionId}>
            {t('library.playlists.confirmDelete', { name: playlist.name })}
          </p>
          <div className="library-confirm__actions">
            <button type="button" className="button button--primary" autoFocus onClick={remove}>
              {t('library.playlists.delete')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setMode('idle');
              }}
            >
              {t('library.actions.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="library-row__actions">
          <button
            type="button"
            className="button button--ghost"
            aria-label={t('library.playlists.renameOf', { name: playlist.name })}
            onClick={() => {
              setName(playlist.name);
              setMode('rename');
            }}
          >
            {t('library.playlists.rename')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            aria-label={t('library.playlists.deleteOf', { name: playlist.name })}
            onClick={() => {
              setMode('delete');
            }}
          >
            {t('library.playlists.delete')}
          </button>
        </div>
      )}
    </li>
  );
}

function PlaylistDetail({ playlist, change }: { playlist: Playlist; change: Change }) {
  const { t, locale } = useI18n();
  const { brand } = useSession();
  const [focus, setFocus] = useState<{ trackId: number; direction: 'up' | 'down' } | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const tracks = playlist.tracks;

  // After a move, keep focus on the moved track's button (or its other arrow at either end).
  useEffect(() => {
    if (!focus || !table.current) return;
    const row = table.current.querySelector<HTMLElement>(`[data-track="${String(focus.trackId)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${focus.direction}"]`);
    const target =
      wanted && !wanted.disabled
        ? wanted
        : row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    target?.focus();
  }, [focus, tracks]);

  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const moved = tracks[index];
    if (!moved || to < 0 || to >= tracks.length) return;
    const next = [...tracks];
    next.splice(index, 1);
    next.splice(to, 0, moved);
    setFocus({ trackId: moved.id, direction });
    void trackChange(change, playlist, next, () =>
      reorderPlaylist(
        playlist.id,
        next.map((track) => track.id),
      ),
    );
  };
  const remove = (track: PlaylistTrack) =>
    void trackChange(
      change,
      playlist,
      tracks.filter((item) => item.id !== track.id),
      () => removePlaylistTrack(playlist.id, track.id),
    );
  const play = (startIndex: number) => {
    playQueue.play(
      tracks.map((track) => queueItem({ ...track, mediaType: 'music' })),
      { startIndex },
    );
  };

  return (
    <section className="library-playlist" aria-labelledby="library-playlist-title">
      <p>
        <Link to="?">{t('library.playlists.back')}</Link>
      </p>
      <div className="library-toolbar">
        <h2 className="library-playlist__title" id="library-playlist-title">
          {playlist.name}
        </h2>
        {tracks.length > 0 ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              play(0);
            }}
          >
            {t('library.playlists.playAll')}
          </button>
        ) : null}
      </div>
      {tracks.length === 0 ? (
        <LibraryEmpty
          title={t('library.playlists.emptyPlaylist')}
          hint={t('library.playlists.emptyPlaylistHint')}
        />
      ) : (
        <div className="library-table-wrap">
          <table className="library-table" ref={table}>
            <thead>
              <tr>
                <th scope="col">{t('library.fields.order')}</th>
                <th scope="col">{t('library.fields.title')}</th>
                <th scope="col">{t('library.fields.artist')}</th>
                <th scope="col">{t('library.fields.album')}</th>
                <th scope="col">{t('library.fields.duration')}</th>
                <th scope="col">{t('library.fields.added')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('library.actions.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tracks.map((track, index) => {
                const src = thumbnailUrl(track.thumbnail, brand.cdnServer);
                const srcSet = thumbnailSrcSet(track.thumbnail, brand.cdnServer);
                return (
                  <tr key={track.id} data-track={track.id}>
                    <td className="library-table__order">
                      <span className="library-table__number">{index + 1}</span>
                      <button
                        type="button"
                        className="icon-button"
                        data-move="up"
                        disabled={index === 0}
                        aria-label={t('library.playlists.moveUpOf', { title: track.title })}
                        onClick={() => {
                          move(index, 'up');
                        }}
                      >
                        <span aria-hidden="true">↑</span>
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        data-move="down"
                        disabled={index === tracks.length - 1}
                        aria-label={t('library.playlists.moveDownOf', { title: track.title })}
                        onClick={() => {
                          move(index, 'down');
                        }}
                      >
                        <span aria-hidden="true">↓</span>
                      </button>
                    </td>
                    <td>
                      <span className="library-table__title">
                        {src ? (
                          <img
                            src={src}
                            {...(srcSet ? { srcSet, sizes: '40px' } : {})}
                            alt=""
                            width={40}
                            height={40}
                            loading="lazy"
                          />
                        ) : null}
                        <button
                          type="button"
                          className="library-table__play"
                          aria-label={t('library.actions.playOf', { title: track.title })}
                          onClick={() => {
                            play(index);
                          }}
                        >
                          {track.title}
                        </button>
                      </span>
                    </td>
                    <td>{track.artist ?? ''}</td>
                    <td>{track.albumTitle ?? ''}</td>
                    <td>{track.duration ? formatDuration(track.duration, t) : ''}</td>
                    <td>{formatDateAndTime(track.addedAt, locale)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-label={t('library.playlists.removeTrackOf', { title: track.title })}
                        onClick={() => {
                          remove(track);
                        }}
                      >
                        {t('library.actions.remove')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Playlists({ initial }: { initial: readonly Playlist[] }) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { items, setItems, error, setError, change } = useOptimisticList(initial);
  const openId = Number(params.get(PLAYLIST_PARAM) ?? '');
  const open =
    Number.isInteger(openId) && openId > 0 ? items.find((playlist) => playlist.id === openId) : undefined;

  if (params.has(PLAYLIST_PARAM)) {
    return (
      <>
        <LibraryError error={error} />
        {open ? (
          <PlaylistDetail playlist={open} change={change} />
        ) : (
          <LibraryEmpty
            title={t('library.playlists.notFound')}
            hint=""
            action={<Link to="?">{t('library.playlists.back')}</Link>}
          />
        )}
      </>
    );
  }
  return (
    <>
      <CreatePlaylistForm
        onCreated={(playlist) => {
          setError(null);
          setItems((current) => [playlist, ...current]);
        }}
        onError={setError}
      />
      <LibraryError error={error} />
      {items.length === 0 ? (
        <LibraryEmpty title={t('library.playlists.empty')} hint={t('library.playlists.emptyPlaylistHint')} />
      ) : (
        <ul className="library-list">
          {items.map((playlist) => (
            <PlaylistRow key={playlist.id} playlist={playlist} change={change} />
          ))}
        </ul>
      )}
    </>
  );
}

/** `/playlists`: the member's playlists (create, rename, delete) and, with `?id=`, one playlist's tracks. */
export function PlaylistsPage() {
  const { t } = useI18n();
  const data = useLoaderData<PlaylistsData | null>();
  return (
    <Page title={t('library.playlistsTitle')} subtitle={t('library.playlists.subtitle')}>
      {data ? <Playlists initial={data.playlists} /> : null}
    </Page>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { PlaylistsPage as Component };
