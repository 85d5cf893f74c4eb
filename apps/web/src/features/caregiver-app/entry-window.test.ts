import '@/i18n/i18n.test-languages';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/i18n.setup';
import { phoneEntryRefusal } from './entry-window';

/** 03:30-05:30 EDT on the day New York springs forward, as the server sends it with the default settings. */
const spring = {
  startTimestamp: '2026-03-08T07:30:00.000Z',
  endTimestamp: '2026-03-08T09:30:00.000Z',
  timezone: 'America/New_York',
  checkInOpensAt: '2026-03-08T05:30:00.000Z',
  phoneEntriesCloseAt: '2026-03-09T09:30:00.000Z',
};

describe('phoneEntryRefusal', () => {
  it('refuses a check-in before it opens, in the server’s words, on the visit’s wall clock across the DST change', () => {
    expect(phoneEntryRefusal(spring, 'check_in', new Date('2026-03-08T05:29:59Z'))).toBe(
      'Too early to check in: check-in opens at Sun 03/08/26 12:30 AM, 2 hours before the visit starts.',
    );
    expect(phoneEntryRefusal(spring, 'check_in', new Date('2026-03-08T05:30:00Z'))).toBeNull();
    expect(phoneEntryRefusal(spring, 'check_out', new Date('2026-03-08T05:29:59Z'))).toBeNull();
  });

  it('refuses any check past the phone’s limit and sends the caregiver to the office', () => {
    expect(phoneEntryRefusal(spring, 'check_out', new Date('2026-03-09T09:30:00Z'))).toBeNull();
    expect(phoneEntryRefusal(spring, 'check_out', new Date('2026-03-09T09:30:01Z'))).toBe(
      'Too late to record this check-out from the phone: the visit ended at Sun 03/08/26 5:30 AM, and the phone ' +
        'records times until 24 hours after the end. Ask the office to record your check-out as a manual edit with a ' +
        'reason code.',
    );
  });

  it('words the refusal in Spanish, with Spanish plurals, when the app is in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(phoneEntryRefusal(spring, 'check_in', new Date('2026-03-08T05:29:59Z'))).toBe(
        'Es muy temprano para registrar la entrada: se puede registrar desde dom, 08/03/26 12:30 a.m., 2 horas antes de ' +
          'que empiece la visita.',
      );
      expect(
        phoneEntryRefusal(
          { ...spring, checkInOpensAt: '2026-03-08T06:30:00.000Z' },
          'check_in',
          new Date('2026-03-08T06:00:00Z'),
        ),
      ).toBe(
        'Es muy temprano para registrar la entrada: se puede registrar desde dom, 08/03/26 1:30 a.m., 1 hora antes de ' +
          'que empiece la visita.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('leaves a shift cached before it carried the times to the server', () => {
    const { checkInOpensAt: _opens, phoneEntriesCloseAt: _closes, ...old } = spring;
    expect(phoneEntryRefusal(old, 'check_in', new Date('2020-01-01T00:00:00Z'))).toBeNull();
  });
});
