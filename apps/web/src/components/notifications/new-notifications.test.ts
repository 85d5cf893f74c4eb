import { describe, expect, it } from 'vitest';
import type { InAppNotification } from '@hearth/shared/notifications/notifications.schema';
import { arrivedSince } from './new-notifications';

const row = (id: number): InAppNotification => ({
  id,
  kind: 'late_visit',
  title: `T${id}`,
  body: 'B',
  link: null,
  createdAt: '2026-11-26T18:00:00.000Z',
  seenAt: null,
  readAt: null,
});

describe('arrivedSince', () => {
  it('keeps the notifications newer than the last known one, oldest first', () => {
    expect(arrivedSince([row(9), row(8), row(7), row(5)], 7).map((n) => n.id)).toEqual([8, 9]);
    expect(arrivedSince([row(9), row(8)], 9)).toEqual([]);
  });

  it('takes all when the user had none before', () => {
    expect(arrivedSince([row(2), row(1)], null).map((n) => n.id)).toEqual([1, 2]);
  });
});
