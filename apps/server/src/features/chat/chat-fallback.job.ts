import { inArray, sql } from 'drizzle-orm';
import { CHAT_FALLBACK_MINUTES } from '@hearth/shared/chat/chat.constants';
import { pickLanguage } from '@hearth/shared/i18n/languages';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { msg, translate } from '../../i18n/server-i18n';
import { notifyAll, type Notification } from '../notify/notify.service';
import { isDeliverableEmail } from '../notifications/notifications.service';
import { users } from '../users/users.schema';
import { FAMILY_ROLE_IDS, familyConversationSql, familyRoleSql } from './chat.family-reach';

/**
 * How far back the fallback looks, in hours: a message unread for longer than a day (one written before the job
 * ran, or during an outage of the workers) is not texted any more; the conversation's unread badge still shows it.
 */
export const CHAT_FALLBACK_WINDOW_HOURS = 24;

/** Member and conversation pairs claimed and sent per transaction. */
const BATCH = 500;

/** The outbox kind of the fallback messages (shown at /mocks). */
export const CHAT_FALLBACK_KIND = 'chat_unread';

/** Where a client or trusted contact reads their conversation with the office (the client app's messages page). */
export const CLIENT_APP_MESSAGES_PATH = '/client-mobile-app/messages';

/** One claimed pair: a member with `count` unread messages in a conversation, the newest by `senderId`. */
interface Due {
  conversationId: number;
  userId: number;
  count: number;
  senderId: number;
}

/**
 * Claims the next batch of members due a fallback, in `tx`: a member (active, chat enabled by user and role, with
 * chatSmsEnabled or chatEmailEnabled) whose oldest unread, not yet notified message by someone else was sent at
 * least CHAT_FALLBACK_MINUTES before `now` (and within CHAT_FALLBACK_WINDOW_HOURS). Claiming moves the member's
 * fallback_notified_message_id to the newest of those messages, so the batch (every unread message up to `now`) goes
 * out once; a concurrent run waits on the row lock and then finds nothing left to claim.
 */
async function claimDue(tx: Db, now: Date): Promise<Due[]> {
  const dueBefore = new Date(now.getTime() - CHAT_FALLBACK_MINUTES * 60_000).toISOString();
  const windowStart = new Date(now.getTime() - CHAT_FALLBACK_WINDOW_HOURS * 3_600_000).toISOString();
  const result = await tx.execute(sql`
    with due as (
      select cm.conversation_id, cm.user_id, count(*)::int as count, max(m.id) as newest_id,
        (array_agg(m.sender_user_id order by m.id desc))[1] as sender_id
      from chat_messages m
      join chat_members cm on cm.conversation_id = m.conversation_id
        and m.id > coalesce(cm.last_read_message_id, 0)
        and m.id > coalesce(cm.fallback_notified_message_id, 0)
        and m.sender_user_id <> cm.user_id
      join users u on u.id = cm.user_id
      join roles r on r.id = u.role_id
      where m.created_at > ${windowStart}::timestamptz and m.created_at <= ${now.toISOString()}::timestamptz
        and m.deleted_at is null
        and u.is_active and u.chat_enabled and r.chat_enabled and (u.chat_sms_enabled or u.chat_email_enabled)
        and (not ${familyRoleSql(sql`r.id`)} or ${familyConversationSql(sql`cm.user_id`, sql`cm.conversation_id`)})
      group by cm.conversation_id, cm.user_id
      having min(m.created_at) <= ${dueBefore}::timestamptz
      order by cm.conversation_id, cm.user_id
      limit ${BATCH}
    )
    update chat_members cm set fallback_notified_message_id = due.newest_id
    from due
    where cm.conversation_id = due.conversation_id and cm.user_id = due.user_id
      and coalesce(cm.fallback_notified_message_id, 0) < due.newest_id
      and coalesce(cm.last_read_message_id, 0) < due.newest_id
    returning cm.conversation_id as "conversationId", cm.user_id as "userId", due.count, due.sender_id as "senderId"`);
  return rowsOf<Due>(result);
}

/**
 * SQL: a column of the caregiver record linked to the user `users.id`, non-empty, from an active record first, then
 * the oldest; null for a user with no caregiver record (staff, clients, contacts) or none with a value. The users
 * column is spelled out: Drizzle leaves a column of a one-table select unqualified, which the subquery would read
 * as its own.
 */
function caregiverValue(column: 'phone_number' | 'email') {
  return sql<string | null>`(select nullif(trim(c.${sql.identifier(column)}), '') from caregivers c
    where c.user_id = "users"."id" and nullif(trim(c.${sql.identifier(column)}), '') is not null
    order by (c.status = 'active') desc, c.id limit 1)`;
}

/**
 * The SMS and email of the claimed pairs, in each recipient's language, by their chat settings. A caregiver is
 * reached at the phone number and email of their caregiver record, which the office keeps current (as the shift
 * invitations do, shift-pickup.message.ts); the user's own are the fallback when the record has none (or an
 * undeliverable email), and the only ones of a user who is no caregiver.
 */
async function fallbackMessages(tx: Db, due: Due[]): Promise<Omit<Notification, 'db'>[]> {
  const ids = [...new Set(due.flatMap((d) => [d.userId, d.senderId]))];
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      language: users.language,
      userEmail: users.email,
      userPhoneNumber: users.phoneNumber,
      caregiverEmail: caregiverValue('email'),
      caregiverPhoneNumber: caregiverValue('phone_number'),
      chatSmsEnabled: users.chatSmsEnabled,
      chatEmailEnabled: users.chatEmailEnabled,
      roleId: users.roleId,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const people = rows.map((row) => ({
    ...row,
    phoneNumber: row.caregiverPhoneNumber ?? row.userPhoneNumber,
    email: row.caregiverEmail !== null && isDeliverableEmail(row.caregiverEmail) ? row.caregiverEmail : row.userEmail,
  }));
  const personOf = new Map(people.map((p) => [p.id, p]));
  return due.flatMap((d) => {
    const person = personOf.get(d.userId);
    if (!person) return [];
    const language = pickLanguage([person.language]);
    const values = { sender: personOf.get(d.senderId)?.name ?? '', count: d.count, minutes: CHAT_FALLBACK_MINUTES };
    // Clients and contacts read their conversation in the client app, the only place they may open.
    const link = FAMILY_ROLE_IDS.includes(person.roleId) ? CLIENT_APP_MESSAGES_PATH : `/chat?c=${d.conversationId}`;
    const common = { kind: CHAT_FALLBACK_KIND, userId: d.userId, link };
    const messages: Omit<Notification, 'db'>[] = [];
    if (person.chatSmsEnabled && person.phoneNumber) {
      const body = translate(msg('chatExtras.fallbackSms', values), language);
      messages.push({ ...common, channel: 'sms', recipient: person.phoneNumber, subject: null, body });
    }
    if (person.chatEmailEnabled && isDeliverableEmail(person.email)) {
      const subject = translate(msg('chatExtras.fallbackSubject', values), language);
      const body = translate(msg('chatExtras.fallbackBody', values), language);
      messages.push({ ...common, channel: 'email', recipient: person.email, subject, body });
    }
    return messages;
  });
}

/**
 * The `chat-fallback` job (every minute; issue 22 item 5): a message unread for CHAT_FALLBACK_MINUTES (15) by a
 * member other than its sender goes out once per member and batch of unread messages of a conversation, by SMS
 * when the member's user has chatSmsEnabled (default true) and a phone number, by email when chatEmailEnabled
 * (default false) and a deliverable address (a caregiver's from their caregiver record, else the user's), through the notify outbox and its delivery drivers (notifyAll, in the
 * claiming transaction: a batch rolled back sends nothing). The text names the newest message's sender and how many
 * are waiting, never what they say (a text or an email leaves the agency's systems), and links back to
 * `/chat?c=<conversationId>` (a client or contact to the client app's messages page), made absolute against
 * PUBLIC_URL on delivery (notify.text.ts); a client or contact only while they still reach the conversation
 * (chat.family-reach.ts). Users without chat
 * (user or role), inactive users and deleted messages are skipped; a member who read the conversation meanwhile
 * is not told. Batches of 500 pairs, each claimed and sent in one transaction.
 * @param now the job's clock (UTC; tests give it).
 * @returns how many member and conversation pairs were claimed and how many messages (SMS + email) were written.
 */
export async function sendChatFallbacks(db: Db, now: Date = new Date()): Promise<{ members: number; messages: number }> {
  let members = 0;
  let messages = 0;
  for (;;) {
    const batch = await inTransaction(db, async (tx) => {
      const due = await claimDue(tx, now);
      if (due.length === 0) return { claimed: 0, sent: 0 };
      const outgoing = await fallbackMessages(tx, due);
      await notifyAll(tx, outgoing);
      return { claimed: due.length, sent: outgoing.length };
    });
    members += batch.claimed;
    messages += batch.sent;
    if (batch.claimed < BATCH) return { members, messages };
  }
}
