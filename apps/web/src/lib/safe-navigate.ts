import { useCallback } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';
import { logger } from './logger';

// Apart from safe-navigation.ts (the sign-in's `next` path, which the first pages use): only the member
// menu's panel navigates this way.
export type SafeNavigate = (to: To, options?: NavigateOptions) => void;

/** navigate() whose failures are ignored with a warning (spec section 2: a failed navigation is ignored). */
export function useSafeNavigate(): SafeNavigate {
  const navigate = useNavigate();
  return useCallback(
    (to, options) => {
      try {
        void Promise.resolve(navigate(to, options)).catch((error: unknown) => {
          logger.warn('Navigation failed and was ignored', error);
        });
      } catch (error) {
        logger.warn('Navigation failed and was ignored', error);
      }
    },
    [navigate],
  );
}
