import { describe, expect, it } from 'vitest';
import type { ChatMember } from '@hearth/shared/chat/chat.schema';
import { caregiversOf } from './chat-members';

const member = (userId: number, name: string, caregiverId?: number | null): ChatMember => ({
  userId,
  name,
  roleName: caregiverId ? 'Caregiver' : 'Nurse',
  lastReadMessageId: null,
  lastReadAt: null,
  caregiverId,
});

describe('caregiversOf', () => {
  it('keeps the members with a caregiver record, in member order, whose files an attachment may be copied to', () => {
    const members = [member(1, 'Nora Nurse', null), member(2, 'Rosa Vale', 40), member(3, 'Old Copy'), member(4, 'Ana Ruiz', 7)];
    expect(caregiversOf(members)).toEqual([
      { caregiverId: 40, name: 'Rosa Vale' },
      { caregiverId: 7, name: 'Ana Ruiz' },
    ]);
    expect(caregiversOf([])).toEqual([]);
  });
});
