import { sql } from 'drizzle-orm';
import type { ChatMember, ConversationDetail, ConversationSummary } from '@hearth/shared/chat/chat.schema';
import { FALLBACK_LANGUAGE, type Language } from '@hearth/shared/i18n/languages';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { Scope } from '../../auth/scope';
import { rowsOf } from '../../db/rows';
import { languageOfUser } from '../../i18n/request-language';
import { msg, translate } from '../../i18n/server-i18n';
import type { ConversationRow, ReachedConversation } from './chat.access';
import { FAMILY_ROLE_IDS } from './chat.family-reach';

/*
 * Conversations as the screens show them (ConversationSummary, ConversationDetail): names, what a conversation is
 * about, its last message and the caller's unread count, read for a whole page in a few statements.
 */

/** The longest preview of a last message, in characters. */
const PREVIEW_LENGTH = 140;

/** `text` escaped for a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** SQL array literal of integer ids. */
function idArray(ids: number[]) {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
}

interface MemberRow extends ChatMember {
  conversationId: number;
  /** The member's role (names a client's or contact's conversation for the office); never in an output. */
  roleId: number;
}

/**
 * The members of the conversations `ids` with their names, roles and read positions, in joining order; a caregiver
 * member with their caregiver record (the one in the conversation's branch first: a person may hold one per branch).
 */
async function membersOf(scope: Scope, ids: ReturnType<typeof idArray>): Promise<MemberRow[]> {
  return rowsOf<{
    conversation_id: number;
    user_id: number;
    name: string;
    role_name: string;
    role_id: number;
    last_read_message_id: number | null;
    last_read_at: Date | string | null;
    caregiver_id: number | null;
  }>(
    await scope.db.execute(sql`
      select m.conversation_id, m.user_id, u.name, r.name as role_name, r.id as role_id, m.last_read_message_id, m.last_read_at,
        (select cg.id from caregivers cg where cg.user_id = m.user_id
          order by (cg.branch_id is not distinct from c.branch_id) desc, cg.id limit 1) as caregiver_id
      from chat_members m join chat_conversations c on c.id = m.conversation_id
      join users u on u.id = m.user_id join roles r on r.id = u.role_id
      where m.conversation_id = any(${ids}) order by m.joined_at, m.user_id`),
  ).map((row): MemberRow => ({
    conversationId: row.conversation_id,
    userId: row.user_id,
    name: row.name,
    roleName: row.role_name,
    roleId: Number(row.role_id),
    lastReadMessageId: row.last_read_message_id,
    lastReadAt: row.last_read_at === null ? null : new Date(row.last_read_at).toISOString(),
    caregiverId: row.caregiver_id,
  }));
}

/**
 * Summaries of `conversations` for the caller, in the given order. `members` of a summary are people; the detail's
 * read positions come from the same read (detailOf). Unread counts are the caller's own (0 where not a member).
 * Office conversations are named in the caller's language setting (languageOfUser: English when unset).
 */
export async function summarize(
  scope: Scope,
  conversations: { conversation: ConversationRow; isMember: boolean }[],
): Promise<(ConversationSummary & { members: ChatMember[] })[]> {
  if (conversations.length === 0) return [];
  const ids = idArray(conversations.map((c) => c.conversation.id));
  const members = await membersOf(scope, ids);
  const facts = rowsOf<{
    id: number;
    branch_name: string | null;
    client_name: string | null;
    shift_start: Date | string | null;
    last_id: number | null;
    last_sender: string | null;
    last_body: string | null;
    last_deleted: boolean | null;
    last_created: Date | string | null;
    last_files: boolean | null;
    unread: number;
  }>(
    await scope.db.execute(sql`
      select c.id, b.name as branch_name, cl.first_name || ' ' || cl.last_name as client_name, s.start_at as shift_start,
        x.id as last_id, su.name as last_sender, x.body as last_body, x.deleted_at is not null as last_deleted,
        x.created_at as last_created,
        exists (select 1 from chat_attachments a where a.message_id = x.id and a.status = 'uploaded') as last_files,
        coalesce((select count(*)::int from chat_members m join chat_messages y on y.conversation_id = m.conversation_id
          and y.id > coalesce(m.last_read_message_id, 0) and y.sender_user_id <> m.user_id and y.deleted_at is null
          where m.conversation_id = c.id and m.user_id = ${scope.userId}), 0) as unread
      from chat_conversations c
      left join branches b on b.id = c.branch_id
      left join clients cl on cl.id = c.client_id
      left join shifts s on s.id = c.shift_id
      left join chat_messages x on x.id = c.last_message_id
      left join users su on su.id = x.sender_user_id
      where c.id = any(${ids})`),
  );
  const factsById = new Map(facts.map((f) => [f.id, f]));
  // The reader's language names office conversations (read only when the page has one).
  const language = conversations.some((c) => c.conversation.kind === 'office')
    ? await languageOfUser(scope.db, scope.userId)
    : FALLBACK_LANGUAGE;
  return conversations.map(({ conversation, isMember }) => {
    const f = factsById.get(conversation.id);
    const own = members.filter((m) => m.conversationId === conversation.id);
    const deleted = f?.last_deleted === true;
    const updatedAt = conversation.lastMessageAt ?? conversation.createdAt;
    return {
      id: conversation.id,
      kind: conversation.kind,
      title: titleOf(scope, conversation, own, { branch: f?.branch_name ?? null, client: f?.client_name ?? null }, language),
      branchId: conversation.branchId,
      about: {
        clientId: conversation.clientId,
        clientName: f?.client_name ?? null,
        shiftId: conversation.shiftId,
        shiftStart: f?.shift_start ? new Date(f.shift_start).toISOString() : null,
      },
      members: own.map(({ userId, name, roleName, lastReadMessageId, lastReadAt, caregiverId }) => ({
        userId,
        name,
        roleName,
        lastReadMessageId,
        lastReadAt,
        caregiverId,
      })),
      lastMessage:
        f?.last_id && f.last_created
          ? {
              id: f.last_id,
              senderName: f.last_sender ?? '',
              preview: deleted ? '' : (f.last_body ?? '').slice(0, PREVIEW_LENGTH),
              hasAttachments: !deleted && f.last_files === true,
              createdAt: new Date(f.last_created).toISOString(),
            }
          : null,
      unreadCount: Number(f?.unread ?? 0),
      isMember,
      updatedAt: updatedAt.toISOString(),
    };
  });
}

/**
 * The name a conversation shows: a group's title; an office conversation "<Branch> office" (chatExtras.officeTitle,
 * in the reader's `language`) for the person who wrote to the office and that person's name for the office; a
 * direct or broadcast conversation the other person's name. A client's or trusted contact's conversation (from the
 * client app) is named for the office by the client ("Ana Lopez", or "Ana Lopez · Pat Lopez" when a contact wrote),
 * so the office knows whose care it is about. Only a group's title is stored: a title stored on another kind (an
 * older office row's English one) is ignored, so every reader gets the name in their language.
 */
function titleOf(
  scope: Scope,
  conversation: ConversationRow,
  members: MemberRow[],
  names: { branch: string | null; client: string | null },
  language: Language,
): string {
  if (conversation.kind === 'group' && conversation.title) return conversation.title;
  if (conversation.kind === 'office') {
    const office = translate(msg('chatExtras.officeTitle', { branch: names.branch ?? '' }), language).trim();
    if (conversation.createdByUserId === scope.userId) return office;
    const creator = members.find((m) => m.userId === conversation.createdByUserId);
    if (creator && names.client && FAMILY_ROLE_IDS.includes(creator.roleId)) {
      return creator.roleId === ROLE_IDS.client ? names.client : `${names.client} · ${creator.name}`;
    }
    return creator?.name ?? office;
  }
  const others = members.filter((m) => m.userId !== scope.userId).map((m) => m.name);
  return others.length > 0 ? others.join(', ') : (members[0]?.name ?? '');
}

/**
 * The detail of a reached conversation (chat.getConversation): the summary with members' read positions and what the
 * caller may do in it: send as a member or the office with chatSendMessageEnabled, upload with
 * chatUploadAttachmentEnabled too, download and copy by their flags.
 */
export async function detailOf(scope: Scope, reached: ReachedConversation): Promise<ConversationDetail> {
  const [summary] = await summarize(scope, [reached]);
  if (!summary) throw new Error('summary of a reached conversation is missing');
  const canSend = scope.chat.send && reached.reach !== 'supervisor';
  return {
    ...summary,
    canSend,
    canUpload: canSend && scope.chat.upload,
    canDownload: scope.chat.download,
    canCopyAttachments: scope.chat.copyAttachments,
  };
}
