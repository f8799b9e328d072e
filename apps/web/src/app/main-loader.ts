import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginHref } from '../config/paths';
import { isUnauthenticated } from '../lib/refusal';
import { safeNextPath } from '../lib/safe-navigation';
import type { AppDeps } from './deps';

function toLogin(requestUrl: string): Response {
  const { pathname, search, hash } = new URL(requestUrl);
  return redirect(loginHref(`${pathname}${search}${hash}`));
}

/** Main layout routes need a logged-in member; visitors go to `/login?next=<path>`. */
export function createMainLoader({ session, menu }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const member = session.activeMember();
    if (!member) return toLogin(request.url);
    try {
      return { menuItems: await menu.load(session.getSnapshot().brand.id, member.id) };
    } catch (error) {
      // The cookie was revoked or expired on the server: the member is signed out here too.
      if (isUnauthenticated(error)) {
        session.setMember(null);
        return toLogin(request.url);
      }
      throw error;
    }
  };
}

export type MainLoader = ReturnType<typeof createMainLoader>;

/** `/login` with a member goes straight on (to `next` when it is safe, else home). */
export function createLoginLoader({ session }: AppDeps) {
  return ({ request }: LoaderFunctionArgs) =>
    session.activeMember() ? redirect(safeNextPath(new URL(request.url).searchParams.get('next'))) : null;
}
