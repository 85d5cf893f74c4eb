import type { ChatMember } from '@hearth/shared/chat/chat.schema';

/** A caregiver member of a conversation, whose files an attachment can be copied to. */
export interface CopyCaregiver {
  caregiverId: number;
  name: string;
}

/** The conversation's caregiver members (those the server named with a caregiver record), in member order. */
export function caregiversOf(members: readonly ChatMember[]): CopyCaregiver[] {
  return members.flatMap((m) => (m.caregiverId == null ? [] : [{ caregiverId: m.caregiverId, name: m.name }]));
}
