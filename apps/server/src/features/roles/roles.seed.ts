import type { Db } from '../../db/client';
import { roles } from './roles.schema';
import { DEFAULT_ROLES } from './roles.permissions';

/**
 * Inserts the default roles that are missing (idempotent; never overwrites an admin's edits). Runs at every
 * start on both engines, since every install needs its roles.
 */
export async function ensureRoles(db: Db): Promise<void> {
  await db.insert(roles).values(DEFAULT_ROLES).onConflictDoNothing({ target: roles.id });
}
