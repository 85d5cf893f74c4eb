import type { Db } from '../db/client';
import { AppError } from '../errors/app-error';
import { loadCallerOfUser, type Caller } from './caller';

/**
 * The caller a user would be if they signed in now, for work done on their behalf without a request (jobs such as
 * exports run with the scope of the user who queued them): the role and branch links as they are now, and the
 * impersonated user's when that user is impersonating someone (auth/caller.ts loadCallerOfUser).
 * @returns the caller, or null when there is no such user.
 * @throws AppError UNAUTHORIZED "The account of <name> is deactivated" for a deactivated user.
 */
export async function callerOfUser(db: Db, userId: number): Promise<Caller | null> {
  const loaded = await loadCallerOfUser(db, userId);
  if (!loaded) return null;
  if (!loaded.actor.isActive) throw new AppError('UNAUTHORIZED', `The account of ${loaded.actor.name} is deactivated`);
  return loaded.caller;
}
