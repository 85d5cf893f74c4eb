import { describe, expect, it } from 'vitest';
import { invitationText } from './shift-pickup.message';

/** A pickup offer's text in its caregiver's language (issue 27); English keeps the words and format it had. */
describe('invitationText', () => {
  const shift = {
    startAt: new Date('2026-11-24T14:00:00Z'),
    endAt: new Date('2026-11-24T18:00:00Z'),
    serviceCode: 'T1019',
    timezone: 'America/New_York',
  };

  it('writes English as before', () => {
    expect(invitationText(shift, 'Dorchester')).toEqual({
      subject: 'Open shift Tue 11/24/26',
      body: 'Open shift Tue 11/24/26 9:00 AM-1:00 PM EST near Dorchester (T1019). Open Hearth to pick it up.',
    });
    expect(invitationText({ ...shift, serviceCode: null }, null, 'en').body).toBe(
      'Open shift Tue 11/24/26 9:00 AM-1:00 PM EST. Open Hearth to pick it up.',
    );
  });

  it('writes Spanish with the times through Intl in US Spanish', () => {
    expect(invitationText(shift, 'Dorchester', 'es')).toEqual({
      subject: 'Turno disponible mar, 24/11/26',
      body: 'Turno disponible mar, 24/11/26, 9:00 a.m. – 1:00 p.m. EST cerca de Dorchester (T1019). Abra Hearth para tomarlo.',
    });
  });

  it('names both days of an overnight shift, as every visit notification does', () => {
    const night = { ...shift, startAt: new Date('2026-11-25T03:00:00Z'), endAt: new Date('2026-11-25T11:00:00Z') };
    expect(invitationText(night, null).body).toBe(
      'Open shift Tue 11/24/26 10:00 PM-Wed 11/25/26 6:00 AM EST (T1019). Open Hearth to pick it up.',
    );
  });
});
