import type { Locale } from '@member/domain';
import { useCallback } from 'react';
import type { EventNamespace, EventOptions } from './event-body';
import { useI18nStore } from './i18n';
import { logger } from './logger';
import { useSessionStore } from './session';

export type { EventNamespace, EventOptions } from './event-body';

export type SendEvent = (
  namespace: EventNamespace,
  extras?: Record<string, unknown>,
  options?: EventOptions,
) => void;

/** `sendEvent(namespace, extras)` bound to the current brand, member and language. */
export function useSendEvent(): SendEvent {
  const session = useSessionStore();
  const i18n = useI18nStore();
  return useCallback(
    (namespace, extras, options) => {
      // Read at send time: an event sent right after a language change carries the new language.
      const snapshot = session.getSnapshot();
      const locale: Locale = i18n.getSnapshot().locale;
      import('./event-body')
        .then(({ buildEventBody, postEvent }) =>
          postEvent(buildEventBody(snapshot, locale, namespace, extras, options)),
        )
        .catch((error: unknown) => {
          logger.warn(`Event ${namespace} could not be sent`, error);
        });
    },
    [session, i18n],
  );
}
