import type { BootData, MemberClaims, SiteConfig } from '@member/domain';
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react';
import { validMember } from './boot';

export interface Session {
  readonly boot: BootData;
  readonly brand: SiteConfig;
  /** The logged-in member, or null for a visitor. */
  readonly member: MemberClaims | null;
}

/**
 * The brand and the member for this page, readable from React (through the provider) and from route
 * loaders and actions (which receive the store from the router). The member changes on login, logout
 * and language change; the brand never changes without a page load.
 */
export interface SessionStore {
  getSnapshot: () => Session;
  subscribe: (listener: () => void) => () => void;
  setMember: (member: MemberClaims | null) => void;
  /** The member whose token has not expired, else null (and the member is dropped). */
  activeMember: (nowMs?: number) => MemberClaims | null;
}

export function createSessionStore(boot: BootData, brand: SiteConfig, nowMs = Date.now()): SessionStore {
  let session: Session = { boot, brand, member: validMember(boot.member, nowMs) };
  const listeners = new Set<() => void>();
  const setMember = (member: MemberClaims | null): void => {
    if (session.member === member) return;
    session = { ...session, member };
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMember,
    activeMember(now = Date.now()) {
      const member = validMember(session.member, now);
      if (member !== session.member) setMember(member);
      return member;
    },
  };
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

export function useSessionStore(): SessionStore {
  const store = use(SessionContext);
  if (!store) throw new Error('useSessionStore needs a SessionProvider');
  return store;
}

export function useSession(): Session {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

const subscribeToNothing = (): (() => void) => () => undefined;
const noSession = (): null => null;

/** The session, or null on pages shown without a brand (the boot error pages). */
export function useOptionalSession(): Session | null {
  const store = use(SessionContext);
  return useSyncExternalStore(store?.subscribe ?? subscribeToNothing, store?.getSnapshot ?? noSession);
}
