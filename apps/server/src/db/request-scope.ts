import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { openReadConnection } from './read-connection';
import type { Caller } from '../auth/caller';
import type { ChatRights, Scope } from '../auth/scope';

/**
 * The caller's scope on `db` (a database or a transaction); `root` is the database `db` belongs to, where a second
 * connection opens (Scope.openReadConnection).
 */
export function scopeOf(db: Db, caller: Caller, root: Db = db): Scope {
  return {
    db,
    userId: caller.user.id,
    actorUserId: caller.actorUserId,
    roleId: caller.role.id,
    level: caller.level,
    companyId: caller.user.companyId,
    branchIds: caller.branchIds,
    viewPermissions: caller.role.viewPermissions,
    tablePermissions: caller.role.tablePermissions,
    hasPayPeriodLockOverride: caller.role.hasPayPeriodLockOverride,
    chat: chatRightsOf(caller),
    openReadConnection: () => openReadConnection(root),
  };
}

/** The caller's chat rights: each role flag, and only while the role and the user both have chat enabled. */
export function chatRightsOf(caller: Pick<Caller, 'user' | 'role'>): ChatRights {
  const { role } = caller;
  const enabled = role.chatEnabled && caller.user.chatEnabled;
  return {
    enabled,
    send: enabled && role.chatSendMessageEnabled,
    initiate: enabled && role.chatInitiateConversationEnabled,
    broadcast: enabled && role.chatBroadcastEnabled,
    broadcastAll: enabled && role.chatBroadcastAllEnabled,
    upload: enabled && role.chatUploadAttachmentEnabled,
    download: enabled && role.chatDownloadAttachmentEnabled,
    copyAttachments: enabled && role.chatCopyAttachmentsEnabled,
    readBranch: enabled && role.chatReadBranchConversationsEnabled,
  };
}

/**
 * Runs `fn` in one transaction that sets `app.user_id` to the real (signed-in) user, so the audit triggers
 * record who changed what. `fn` gets the caller's scope bound to that transaction. A throw rolls back.
 */
export async function withRequestScope<T>(db: Db, caller: Caller, fn: (scope: Scope) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.user_id', ${String(caller.actorUserId)}, true)`);
    return fn(scopeOf(tx, caller, db));
  });
}
