import type { Db } from '../db/client';
import type { Auth } from '../auth/auth';
import { resolveCaller, type Caller } from '../auth/caller';
import type { Storage } from '../storage/storage';

/** What every procedure gets: the database, auth, file storage, and the caller (null when signed out). */
export interface Context {
  db: Db;
  auth: Auth;
  storage: Storage;
  caller: Caller | null;
}

/** Converts Node's incoming headers into Fetch Headers (what better-auth reads). */
export function toFetchHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * Builds a request's context: resolves the caller once from the session.
 * @throws AppError UNAUTHORIZED for a deactivated user.
 */
export async function createContext(deps: { db: Db; auth: Auth; storage: Storage }, headers: Headers): Promise<Context> {
  return { ...deps, caller: await resolveCaller(deps.db, deps.auth, headers) };
}
