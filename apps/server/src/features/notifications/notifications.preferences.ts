import { and, eq, sql } from 'drizzle-orm';
import {
  defaultChannels,
  kindsForRole,
  type ChannelChoice,
  type NotificationKind,
  type NotificationPreference,
  type SetNotificationPreferenceInput,
} from '@hearth/shared/notifications/notifications.schema';
import type { Db } from '../../db/client';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { msg } from '../../i18n/server-i18n';
import { users } from '../users/users.schema';
import { notificationPreferences } from './notifications.schema';

/**
 * The channels beyond in-app that reach user `userId` (role `roleId`) for `kind`: their saved choice, else the role's
 * default (defaultChannels, issue 21 item 3).
 */
export async function channelsOfUser(db: Db, userId: number, roleId: number, kind: NotificationKind): Promise<ChannelChoice> {
  const [saved] = await db
    .select({ push: notificationPreferences.push, email: notificationPreferences.email, sms: notificationPreferences.sms })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return saved ?? defaultChannels(roleId, kind);
}

/** The caller's role id (the effective user's, as every "my" call reads). */
async function roleOf(scope: Scope): Promise<number> {
  const [user] = await scope.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, scope.userId));
  return user?.roleId ?? scope.roleId;
}

/**
 * The caller's channels per kind they may receive (kindsForRole: caregivers their visits, staff the office alerts,
 * clients none): {} -> [{kind, push, email, sms, isDefault}], in catalogue order. In-app is always on, so not listed.
 */
export async function getMyNotificationPreferences({ scope }: { scope: Scope }): Promise<NotificationPreference[]> {
  const roleId = await roleOf(scope);
  const saved = await scope.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, scope.userId));
  return kindsForRole(roleId).map((kind) => {
    const row = saved.find((s) => s.kind === kind);
    const choice = row ?? defaultChannels(roleId, kind);
    return { kind, push: choice.push, email: choice.email, sms: choice.sms, isDefault: !row };
  });
}

/**
 * Saves the caller's channels for one kind: {kind, push, email, sms} -> the caller's preferences as
 * getMyNotificationPreferences answers them.
 * @throws BAD_REQUEST when the caller's role receives no notification of that kind (a caregiver choosing office alerts).
 */
export async function setMyNotificationPreference({
  scope,
  input,
}: {
  scope: Scope;
  input: SetNotificationPreferenceInput;
}): Promise<NotificationPreference[]> {
  const roleId = await roleOf(scope);
  if (!kindsForRole(roleId).includes(input.kind)) {
    throw new AppError('BAD_REQUEST', msg('errors.notificationKindNotReceived'));
  }
  const choice = { push: input.push, email: input.email, sms: input.sms };
  await scope.db
    .insert(notificationPreferences)
    .values({ userId: scope.userId, kind: input.kind, ...choice })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { ...choice, updatedAt: sql`now()` },
    });
  return getMyNotificationPreferences({ scope });
}
