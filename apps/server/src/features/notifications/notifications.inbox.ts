import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  GetInAppNotificationsInput,
  InAppNotification,
  MarkNotificationReadInput,
  MarkNotificationsOutput,
  NotificationStatus,
} from '@hearth/shared/notifications/notifications.schema';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { inAppNotifications } from './notifications.schema';

// The caller's own notifications. A notification belongs to one user: whatever the role or reach, a caller reads
// and marks only rows whose user_id is theirs (scope.userId, the effective user while impersonating).

const mine = (scope: Scope): SQL => eq(inAppNotifications.userId, scope.userId);

/** A row as its recipient reads it: times in ISO 8601 UTC. */
function toNotification(row: typeof inAppNotifications.$inferSelect): InAppNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    seenAt: row.seenAt ? row.seenAt.toISOString() : null,
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * A page of the caller's notifications, newest first (spec "Other" call getInAppNotifications; issue 21 item 2):
 * {page, pageSize, unreadOnly?, kind?} -> {rows, totalCount, page, pageSize, totalPages}.
 */
export async function getInAppNotifications({
  scope,
  input,
}: {
  scope: Scope;
  input: GetInAppNotificationsInput;
}): Promise<Page<InAppNotification>> {
  const where = and(
    mine(scope),
    input.unreadOnly ? isNull(inAppNotifications.readAt) : undefined,
    input.kind ? eq(inAppNotifications.kind, input.kind) : undefined,
  );
  const [total] = await scope.db.select({ n: count() }).from(inAppNotifications).where(where);
  const rows = await scope.db
    .select()
    .from(inAppNotifications)
    .where(where)
    .orderBy(desc(inAppNotifications.createdAt), desc(inAppNotifications.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const totalCount = total?.n ?? 0;
  return {
    rows: rows.map(toNotification),
    totalCount,
    page: input.page,
    pageSize: input.pageSize,
    totalPages: Math.ceil(totalCount / input.pageSize),
  };
}

/**
 * What the menu's red dot needs (spec section 2: "red dot when the newest notification is unseen"): {} ->
 * {unseenCount, unreadCount, newestUnseen, newestId}. Reads the partial indexes of unseen and unread rows.
 */
export async function getNotificationStatus({ scope }: { scope: Scope }): Promise<NotificationStatus> {
  const [counts] = await scope.db
    .select({
      unseen: sql<number>`count(*) filter (where ${inAppNotifications.seenAt} is null)`.mapWith(Number),
      unread: sql<number>`count(*) filter (where ${inAppNotifications.readAt} is null)`.mapWith(Number),
    })
    .from(inAppNotifications)
    .where(and(mine(scope), sql`(${inAppNotifications.seenAt} is null or ${inAppNotifications.readAt} is null)`));
  const [newest] = await scope.db
    .select({ id: inAppNotifications.id, seenAt: inAppNotifications.seenAt })
    .from(inAppNotifications)
    .where(mine(scope))
    .orderBy(desc(inAppNotifications.createdAt), desc(inAppNotifications.id))
    .limit(1);
  return {
    unseenCount: counts?.unseen ?? 0,
    unreadCount: counts?.unread ?? 0,
    newestUnseen: !!newest && newest.seenAt === null,
    newestId: newest?.id ?? null,
  };
}

/**
 * Marks every notification of the caller received up to now as seen (opening /notifications puts the red dot out):
 * {} -> {updated}. One that arrives later stays unseen.
 */
export async function markNotificationsSeen({ scope }: { scope: Scope }): Promise<MarkNotificationsOutput> {
  const rows = await scope.db
    .update(inAppNotifications)
    .set({ seenAt: sql`now()` })
    .where(and(mine(scope), isNull(inAppNotifications.seenAt), sql`${inAppNotifications.createdAt} <= now()`))
    .returning({ id: inAppNotifications.id });
  return { updated: rows.length };
}

/**
 * Marks one of the caller's notifications read (and seen): {id} -> {updated} (0 when it was read already).
 * @throws NOT_FOUND (404) when the caller has no notification with that id, someone else's included.
 */
export async function markNotificationRead({
  scope,
  input,
}: {
  scope: Scope;
  input: MarkNotificationReadInput;
}): Promise<MarkNotificationsOutput> {
  const where = and(mine(scope), eq(inAppNotifications.id, input.id));
  const [row] = await scope.db.select({ readAt: inAppNotifications.readAt }).from(inAppNotifications).where(where);
  if (!row) throw new AppError('NOT_FOUND', msg('errors.notFound', { what: 'Notification', id: input.id }));
  if (row.readAt) return { updated: 0 };
  await scope.db
    .update(inAppNotifications)
    .set({ readAt: sql`now()`, seenAt: sql`coalesce(${inAppNotifications.seenAt}, now())` })
    .where(where);
  return { updated: 1 };
}

/** Marks every unread notification of the caller read (and seen): {} -> {updated}. */
export async function markAllNotificationsRead({ scope }: { scope: Scope }): Promise<MarkNotificationsOutput> {
  const rows = await scope.db
    .update(inAppNotifications)
    .set({ readAt: sql`now()`, seenAt: sql`coalesce(${inAppNotifications.seenAt}, now())` })
    .where(and(mine(scope), isNull(inAppNotifications.readAt)))
    .returning({ id: inAppNotifications.id });
  return { updated: rows.length };
}
