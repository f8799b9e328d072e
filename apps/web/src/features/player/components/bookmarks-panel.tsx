import { BOOKMARK_LIMITS } from '@member/domain';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { type TranslationKey, useI18n } from '../../../lib/i18n';
import { logger } from '../../../lib/logger';
import { slugOf } from '../../../lib/refusal';
import { type Bookmark, addBookmark, deleteBookmark, fetchBookmarks, renameBookmark } from '../api/bookmarks';
import { PlayerIcon } from './player-icon';

/** Where the member is now, as a bookmark would keep it, and the name offered for it. */
export interface BookmarkPlace {
  position: number;
  location: string | null;
  defaultName: string;
}

export interface BookmarksPanelProps {
  item: { mediaType: string; id: number };
  /** Bookmarks load once this is true (after playback started: nothing delays the media's start). */
  active: boolean;
  /** The current place, or null when there is none yet (the book is still opening). */
  currentPlace: () => BookmarkPlace | null;
  /** How a bookmark's place reads: "12:05", "25% read". */
  describe: (bookmark: Bookmark) => string;
  jump: (bookmark: Bookmark) => void;
}

/** Server refusals the panel words itself; any other reads as unexpected. */
const KNOWN = ['bookmarks_full', 'bookmark_name_required', 'bookmark_name_too_long', 'bookmark_name_invalid'];

function errorKey(error: unknown): TranslationKey {
  const slug = slugOf(error);
  return (
    slug && KNOWN.includes(slug) ? `player.bookmarks.errors.${slug}` : 'player.bookmarks.errors.unexpected'
  ) as TranslationKey;
}

const byPlace = (a: Bookmark, b: Bookmark) => a.position - b.position || a.id - b.id;

/**
 * Bookmarks in an audiobook or a book (issue 14 item 11): add one at the current place (named, or with
 * the offered name), list them in the order of the book, jump to one, rename and delete. They are kept
 * on the server per member, so they follow the member to any device.
 */
export function BookmarksPanel({ item, active, currentPlace, describe, jump }: BookmarksPanelProps) {
  const { t } = useI18n();
  const headingId = useId();
  const nameId = useId();
  const [bookmarks, setBookmarks] = useState<Bookmark[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'status' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const editRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    fetchBookmarks(item, { signal: controller.signal })
      .then((list) => {
        setBookmarks(list);
        setLoadFailed(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        logger.warn('The bookmarks could not be loaded', error);
        setLoadFailed(true);
        setBookmarks([]);
      });
    return () => {
      controller.abort();
    };
  }, [active, item]);

  useEffect(() => {
    if (editing) editRef.current?.focus();
  }, [editing]);

  const add = (event: SyntheticEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const place = currentPlace();
    if (!place || busy) return;
    setBusy(true);
    setMessage(null);
    addBookmark({
      mediaType: item.mediaType,
      id: item.id,
      position: place.position,
      location: place.location,
      name: name.trim() || place.defaultName,
    })
      .then((bookmark) => {
        setBookmarks((list) => [...(list ?? []).filter((b) => b.id !== bookmark.id), bookmark].sort(byPlace));
        setName('');
        setMessage({ kind: 'status', text: t('player.bookmarks.added', { name: bookmark.name }) });
      })
      .catch((error: unknown) => {
        setMessage({ kind: 'error', text: t(errorKey(error)) });
      })
      .finally(() => {
        setBusy(false);
      });
  };

  const saveName = (event: SyntheticEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!editing || busy) return;
    setBusy(true);
    setMessage(null);
    renameBookmark(editing.id, editing.name)
      .then((bookmark) => {
        setBookmarks((list) => (list ?? []).map((b) => (b.id === bookmark.id ? bookmark : b)));
        setEditing(null);
        setMessage({ kind: 'status', text: t('player.bookmarks.renamed', { name: bookmark.name }) });
      })
      .catch((error: unknown) => {
        setMessage({ kind: 'error', text: t(errorKey(error)) });
      })
      .finally(() => {
        setBusy(false);
      });
  };

  const remove = (bookmark: Bookmark): void => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    deleteBookmark(bookmark.id)
      .catch((error: unknown) => {
        // Already gone (another device): the list drops it all the same.
        if (slugOf(error) !== 'bookmark_not_found') throw error;
      })
      .then(() => {
        setBookmarks((list) => (list ?? []).filter((b) => b.id !== bookmark.id));
        setMessage({ kind: 'status', text: t('player.bookmarks.deleted', { name: bookmark.name }) });
      })
      .catch((error: unknown) => {
        setMessage({ kind: 'error', text: t(errorKey(error)) });
      })
      .finally(() => {
        setBusy(false);
      });
  };

  return (
    <section className="player__list player__bookmarks" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('player.bookmarks.title')}</h3>
      <form className="player__bookmark-form" onSubmit={add}>
        <label htmlFor={nameId}>{t('player.bookmarks.nameLabel')}</label>
        <input
          id={nameId}
          className="player__input"
          value={name}
          maxLength={BOOKMARK_LIMITS.nameLength}
          placeholder={t('player.bookmarks.namePlaceholder')}
          autoComplete="off"
          onChange={(event) => {
            setName(event.currentTarget.value);
          }}
        />
        <button type="submit" className="player__toggle" disabled={busy || bookmarks === null}>
          {t('player.bookmarks.add')}
        </button>
      </form>
      <p className={message?.kind === 'error' ? 'player__error' : 'player__muted'} aria-live="polite">
        {message?.text ?? ''}
      </p>
      {loadFailed ? (
        <p className="player__error" role="alert">
          {t('player.bookmarks.errors.load')}
        </p>
      ) : null}
      {bookmarks?.length === 0 && !loadFailed ? (
        <p className="player__muted">{t('player.bookmarks.empty')}</p>
      ) : null}
      {bookmarks && bookmarks.length > 0 ? (
        <ol>
          {bookmarks.map((bookmark) => (
            <li key={bookmark.id} className="player__queue-row player__bookmark-row">
              {editing?.id === bookmark.id ? (
                <form className="player__bookmark-form player__bookmark-form--inline" onSubmit={saveName}>
                  <label className="visually-hidden" htmlFor={`${nameId}-${String(bookmark.id)}`}>
                    {t('player.bookmarks.newName', { name: bookmark.name })}
                  </label>
                  <input
                    ref={editRef}
                    id={`${nameId}-${String(bookmark.id)}`}
                    className="player__input"
                    value={editing.name}
                    maxLength={BOOKMARK_LIMITS.nameLength}
                    onChange={(event) => {
                      setEditing({ id: bookmark.id, name: event.currentTarget.value });
                    }}
                    onKeyDown={(event) => {
                      if (event.key !== 'Escape') return;
                      event.stopPropagation();
                      setEditing(null);
                    }}
                  />
                  <button type="submit" className="player__toggle" disabled={busy}>
                    {t('player.bookmarks.save')}
                  </button>
                  <button
                    type="button"
                    className="player__toggle"
                    onClick={() => {
                      setEditing(null);
                    }}
                  >
                    {t('player.bookmarks.cancel')}
                  </button>
                </form>
              ) : (
                <>
                  <button
                    type="button"
                    className="player__list-button player__bookmark-jump"
                    onClick={() => {
                      jump(bookmark);
                    }}
                  >
                    <span>{bookmark.name}</span>
                    <span className="player__muted">{describe(bookmark)}</span>
                  </button>
                  <button
                    type="button"
                    className="player__toggle"
                    aria-label={t('player.bookmarks.rename', { name: bookmark.name })}
                    onClick={() => {
                      setEditing({ id: bookmark.id, name: bookmark.name });
                    }}
                  >
                    {t('player.bookmarks.renameShort')}
                  </button>
                  <button
                    type="button"
                    className="player__button player__button--small"
                    aria-label={t('player.bookmarks.delete', { name: bookmark.name })}
                    disabled={busy}
                    onClick={() => {
                      remove(bookmark);
                    }}
                  >
                    <PlayerIcon name="remove" size={18} />
                  </button>
                </>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
