import { startTransition, useCallback, useEffect, useState } from 'react';
import { logger } from './logger';

export type Loaded<T> = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; value: T };

/**
 * Loads a section's data when it mounts (and again on `reload`), aborting a load that is no longer
 * needed. A failure is logged and shown as an error state with a retry.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>): {
  state: Loaded<T>;
  reload: () => void;
  set: (value: T) => void;
} {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        // A transition: React renders what the data brings (a shop's shelves of products) in slices
        // rather than in one long task (issue 17).
        startTransition(() => {
          setState({ kind: 'ready', value });
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        logger.warn('Could not load an account section', error);
        setState({ kind: 'error' });
      },
    );
    return () => {
      controller.abort();
    };
    // `load` is a module-level function of each section; reloading is explicit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setGeneration((value) => value + 1);
  }, []);
  const set = useCallback((value: T) => {
    setState({ kind: 'ready', value });
  }, []);
  return { state, reload, set };
}
