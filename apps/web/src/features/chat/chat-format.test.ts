import { describe, expect, it } from 'vitest';
import { shortWhen, withinEditWindow } from './chat-format';

describe('shortWhen', () => {
  const zone = 'America/New_York';
  const now = new Date('2026-03-09T18:00:00Z'); // 2 PM in New York

  it('writes the time alone for today on the user’s clock, else the date', () => {
    expect(shortWhen('2026-03-09T13:05:00Z', zone, now)).toBe('9:05 AM');
    // 11 PM on the 8th in New York (EDT since that morning), though the 9th in UTC.
    expect(shortWhen('2026-03-09T03:00:00Z', zone, now)).toBe('03/08/26');
  });
});

describe('withinEditWindow', () => {
  const sent = { createdAt: '2026-03-09T18:00:00Z', deletedAt: null };
  const at = (iso: string) => Date.parse(iso);

  it('allows changes for 15 minutes after sending, and never to a deleted message', () => {
    expect(withinEditWindow(sent, at('2026-03-09T18:14:59Z'))).toBe(true);
    expect(withinEditWindow(sent, at('2026-03-09T18:15:00Z'))).toBe(false);
    expect(withinEditWindow({ ...sent, deletedAt: '2026-03-09T18:01:00Z' }, at('2026-03-09T18:02:00Z'))).toBe(false);
  });
});
