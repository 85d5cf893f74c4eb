import { sql, type SQL, type Column } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ReadConnection } from '../db/read-connection';

/** How far a caller's reach extends: every company, one company, or the branches the user is linked to. */
export type ScopeLevel = 'system' | 'company' | 'branch' | 'none';

/**
 * Who is calling and against what: the database (the request's transaction), the effective user (the
 * impersonated one while impersonating), the real user (who is audited), and the branches they may see.
 */
export interface Scope {
  db: Db;
  userId: number;
  actorUserId: number;
  roleId: number;
  level: ScopeLevel;
  companyId: number | null;
  branchIds: number[];
  /** The role's view and table permission sets (system level reaches every view and table). */
  viewPermissions: string[];
  tablePermissions: string[];
  /** The role may change shifts in a locked pay period (spec "Role" hasPayPeriodLockOverride); audited. */
  hasPayPeriodLockOverride: boolean;
  /** What the caller may do in chat (the role's chat flags and the user's chatEnabled; issue 22). */
  chat: ChatRights;
  /**
   * Opens a second connection for reads of committed data beside `db` (openReadConnection): null on the embedded
   * database, or when the scope was given no database to connect to (scopeOf's `root`). Absent from a scope built
   * by hand (tests): read on `db` then.
   */
  openReadConnection?: () => Promise<ReadConnection | null>;
}

/**
 * The chat flags of the caller (spec section 3 "Role" chat flags, default false; "User" chatEnabled): `enabled` is
 * the role's chatEnabled and the user's together; every other right needs `enabled` too.
 */
export interface ChatRights {
  enabled: boolean;
  send: boolean;
  initiate: boolean;
  broadcast: boolean;
  broadcastAll: boolean;
  upload: boolean;
  download: boolean;
  copyAttachments: boolean;
  readBranch: boolean;
}

/** No chat at all (jobs and callers without a role). */
export const NO_CHAT: ChatRights = {
  enabled: false,
  send: false,
  initiate: false,
  broadcast: false,
  broadcastAll: false,
  upload: false,
  download: false,
  copyAttachments: false,
  readBranch: false,
};

/**
 * The one helper that puts branch scope into a `where` clause: a condition on `branchIdColumn` (a column
 * holding a branches.id) that is true only for rows the scope may see. Never fetch-then-check.
 * @returns SQL condition; `true` for system scope, `false` when the scope has no branch.
 */
export function inBranchScope(scope: Pick<Scope, 'level' | 'companyId' | 'branchIds'>, branchIdColumn: Column | SQL): SQL {
  switch (scope.level) {
    case 'system':
      return sql`true`;
    case 'company':
      return scope.companyId === null
        ? sql`false`
        : sql`${branchIdColumn} in (select b.id from branches b where b.company_id = ${scope.companyId})`;
    case 'branch':
      return scope.branchIds.length === 0
        ? sql`false`
        : sql`${branchIdColumn} in (${sql.join(
            scope.branchIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
    case 'none':
      return sql`false`;
  }
}
