import { GRAPH_API_BASE, apiFetch } from '../../../lib/api-client';

/** Revokes the session on the server, which also clears the httpOnly login cookie. */
export async function logout(): Promise<void> {
  const response = await apiFetch(`${GRAPH_API_BASE}/api/auth/logout`, { method: 'POST', withToken: false });
  if (!response.ok) throw new Error(`Logout failed with status ${response.status}`);
}
