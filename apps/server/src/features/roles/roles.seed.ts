import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, roleDefaultGrants } from './roles.schema';
import { DEFAULT_ROLES } from './roles.permissions';

const SETS = ['actionPermissions', 'tablePermissions', 'viewPermissions'] as const;
const COLUMN = {
  actionPermissions: 'action_permissions',
  tablePermissions: 'table_permissions',
  viewPermissions: 'view_permissions',
};

/**
 * Inserts the default roles that are missing, then grants each default permission that was never granted to its
 * role before (recorded in role_default_grants), so a new release's procedures reach the roles meant to have
 * them while an admin's removals stay. Idempotent; runs at every start on both engines.
 */
export async function ensureRoles(db: Db): Promise<void> {
  await db.insert(roles).values(DEFAULT_ROLES).onConflictDoNothing({ target: roles.id });
  for (const role of DEFAULT_ROLES) {
    for (const set of SETS) {
      const names = role[set] ?? [];
      if (names.length === 0) continue;
      const fresh = await db
        .insert(roleDefaultGrants)
        .values(names.map((name) => ({ roleId: role.id, permissionSet: set, name })))
        .onConflictDoNothing()
        .returning({ name: roleDefaultGrants.name });
      if (fresh.length === 0) continue;
      const column = sql.identifier(COLUMN[set]);
      const added = JSON.stringify(fresh.map((f) => f.name));
      await db.execute(sql`update roles set ${column} = (
          select coalesce(jsonb_agg(distinct n order by n), '[]'::jsonb)
          from (select jsonb_array_elements_text(${column}) as n union select jsonb_array_elements_text(${added}::jsonb)) names
        ) where id = ${role.id}`);
    }
  }
}
