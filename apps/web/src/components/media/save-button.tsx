import { useEffect, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../lib/i18n';
import {
  type LibraryItemInput,
  addToCollection,
  getCollection,
  libraryErrorText,
  removeFromCollection,
  useLibraryStrings,
} from '../../lib/media/library-api';
import { logger } from '../../lib/logger';
import './media-library.css';

const keyOf = (item: { mediaType: string; id: number }) => `${item.mediaType}:${String(item.id)}`;

/**
 * Which titles are in the member's collection, read once per page load and kept in step with every
 * save and removal made through a SaveButton. Null until read.
 */
const savedStore = (() => {
  let saved: ReadonlySet<string> | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get: () => saved,
    load: (): Promise<void> => {
      loading ??= getCollection()
        .then((entries) => {
          saved = new Set([
            ...entries.map((entry) => keyOf({ mediaType: entry.type, id: entry.id })),
            ...(saved ?? []),
          ]);
          emit();
        })
        .catch((error: unknown) => {
          loading = null;
          throw error;
        });
      return loading;
    },
    reset: () => {
      saved = null;
      loading = null;
      emit();
    },
    set: (key: string, on: boolean) => {
      const next = new Set(saved ?? []);
      if (on) next.add(key);
      else next.delete(key);
      saved = next;
      emit();
    },
  };
})();

interface SaveButtonProps {
  item: LibraryItemInput;
}

/**
 * Saves a title to the member's collection or removes it: a toggle (aria-pressed) that says whether the
 * title is saved ("Save", "Saved"), flips at once and flips back, with the reason shown, when the server
 * refuses (spec section 8).
 */
export function SaveButton({ item }: SaveButtonProps) {
  useLibraryStrings();
  const { t } = useI18n();
  const saved = useSyncExternalStore(savedStore.subscribe, savedStore.get, savedStore.get);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const key = keyOf(item);
  const pressed = saved?.has(key) ?? false;

  useEffect(() => {
    savedStore.load().catch((failure: unknown) => {
      logger.warn('The collection could not be read for the save button', failure);
    });
  }, []);

  const toggle = async () => {
    // Not `disabled` while saving: a disabled button drops the keyboard focus.
    if (busy) return;
    const next = !pressed;
    setError(null);
    setBusy(true);
    savedStore.set(key, next);
    try {
      await (next ? addToCollection(item) : removeFromCollection(item));
    } catch (failure) {
      savedStore.set(key, !next);
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="save-button">
      <button
        type="button"
        className={pressed ? 'button button--primary' : 'button button--ghost'}
        aria-pressed={pressed}
        aria-disabled={busy}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{pressed ? '✓ ' : '+ '}</span>
        {pressed ? t('library.save.saved') : t('library.save.save')}
      </button>
      <span className="save-button__error" role="alert">
        {error ? libraryErrorText(error, t) : ''}
      </span>
    </span>
  );
}

/** For tests: forget what was read, so each test starts from the server's answer. */
export function resetSavedTitles(): void {
  savedStore.reset();
}
