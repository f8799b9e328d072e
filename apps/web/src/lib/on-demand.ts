import { useEffect, useState } from 'react';
import { withChunkTimeout } from './chunk-load';

/**
 * Code loaded on demand, once, and used the moment it arrives. `React.lazy` inside `Suspense` would load
 * it too, but React 19 reveals suspended content no sooner than 300 ms after the boundary's fallback
 * showed (its "fallback throttle"): that put 300 ms between pressing Play and the player, whose code had
 * long arrived (bench/player-startup.ts). Loads time out and name their failures as route chunks do.
 */
export interface OnDemand<T> {
  /** Starts the load (once; again after a failure) and resolves with the module. */
  load: () => Promise<T>;
  /** The module if it has arrived. */
  loaded: () => { module: T } | null;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let loaded: { module: T } | null = null;
  let pending: Promise<T> | null = null;
  return {
    load: () =>
      (pending ??= withChunkTimeout(importer).then(
        (module) => {
          loaded = { module };
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
    loaded: () => loaded,
  };
}

/**
 * The module once it has arrived, else null, loading it while `wanted`. A failed load is thrown to the
 * nearest error boundary, as a failed `lazy` component's is.
 */
export function useOnDemand<T>(code: OnDemand<T>, wanted = true): T | null {
  const [loaded, setLoaded] = useState(code.loaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!wanted || loaded !== null) return;
    let current = true;
    code.load().then(
      (module) => {
        if (current) setLoaded({ module });
      },
      (error: unknown) => {
        if (current) setFailure({ error });
      },
    );
    return () => {
      current = false;
    };
  }, [code, wanted, loaded]);
  if (failure !== null) throw failure.error;
  return loaded?.module ?? null;
}
