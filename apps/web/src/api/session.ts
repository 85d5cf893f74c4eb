import { clearToken, getToken } from './auth-token';
import { queryClient } from './query-client';

/**
 * Ends a session the server no longer accepts (any 401). Clearing the token makes the route guard send the user to
 * /login?redirect=<where they were>; in-flight queries are cancelled so they do not retry against a dead session.
 */
export function expireSession(): void {
  if (getToken() === null) return;
  clearToken('expired');
  void queryClient.cancelQueries();
}
