import '@/i18n/i18n.test-languages';
import { afterEach, describe, expect, it } from 'vitest';
import { zoneDiffersFromViewer } from '@hearth/shared/app/time-display';
import { i18n } from '@/i18n/i18n.setup';
import {
  fieldLabel,
  formatChangeValue,
  formatDistance,
  otherPartyName,
  reasonLabel,
  serviceText,
  shiftStatusLabel,
  timesheetTypeLabel,
} from './shift-display';
import { parseWeeklyRule, weeklyRule } from './shift-rrule';

describe('shift display', () => {
  it('names the other party and the service', () => {
    const shift = { caregiverName: null, clientName: 'Doe, Jane', serviceCode: 'T1019', modifiers: ['U1', 'TT'] };
    expect(otherPartyName(shift, 'client')).toBe('Open shift');
    expect(otherPartyName({ ...shift, caregiverName: 'Ann Lee' }, 'client')).toBe('Ann Lee');
    expect(otherPartyName(shift, 'caregiver')).toBe('Doe, Jane');
    expect(serviceText(shift)).toBe('T1019 U1 TT');
    expect(serviceText({ serviceCode: null, modifiers: [] })).toBeNull();
  });

  it('labels timesheet types as the spec numbers them', () => {
    expect(timesheetTypeLabel(1)).toBe('Mobile');
    expect(timesheetTypeLabel(2)).toBe('Offline');
    expect(timesheetTypeLabel(3)).toBe('Office edit');
    expect(timesheetTypeLabel(null)).toBe('—');
  });

  it('gives distances in miles and kilometres', () => {
    expect(formatDistance(5150)).toBe('3.2 mi (5.2 km)');
    expect(formatDistance(25_000)).toBe('16 mi (25 km)');
    expect(formatDistance(null)).toBe('—');
    expect(formatDistance(5150, 'es')).toBe('3.2 mi (5.2 km)');
    expect(formatDistance(25_000, 'es')).toBe('16 mi (25 km)');
  });

  it('writes audited fields and values for people, instants in the branch zone', () => {
    expect(fieldLabel('startTimestamp')).toBe('Start');
    expect(fieldLabel('check_in_type')).toBe('Check in type');
    expect(fieldLabel('serviceCode')).toBe('Service code');
    // The abbreviation follows where the zone can differ from the viewer's (this process's zone).
    const edt = zoneDiffersFromViewer('America/New_York') ? ' EDT' : '';
    expect(formatChangeValue('2026-03-09T13:00:00Z', 'America/New_York')).toBe(`03/09/26 9:00 AM${edt}`);
    expect(formatChangeValue('2026-03-09 13:00:00+00', 'America/New_York')).toBe(`03/09/26 9:00 AM${edt}`);
    expect(formatChangeValue(null, 'America/New_York')).toBe('—');
    expect(formatChangeValue(['U1', 'TT'], 'America/New_York')).toBe('U1, TT');
    expect(formatChangeValue('scheduled', 'America/New_York')).toBe('scheduled');
    expect(formatChangeValue(true, 'America/New_York')).toBe('Yes');
    expect(formatChangeValue('in_progress', 'America/New_York', 'status')).toBe('In progress');
    expect(fieldLabel('startAt')).toBe('Start');
    expect(formatChangeValue(3, 'America/New_York', 'checkInType')).toBe('Office edit');
    expect(formatChangeValue('schedule_change', 'America/New_York', 'reasonCode')).toBe('Schedule change');
  });
});

describe('shift display in Spanish (issue 27)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('speaks the shown language, and spells out a field the catalogue does not name', async () => {
    await i18n.changeLanguage('es');
    expect(otherPartyName({ caregiverName: null, clientName: 'Doe, Jane' }, 'client')).toBe('Turno abierto');
    expect(shiftStatusLabel('in_progress')).toBe('En curso');
    expect(timesheetTypeLabel(3)).toBe('Edición de la oficina');
    expect(reasonLabel('no_signal')).toBe('Sin señal en el domicilio del cliente');
    expect(reasonLabel('legacy_code')).toBe('legacy_code');
    expect(fieldLabel('startTimestamp')).toBe('Inicio');
    expect(fieldLabel('service_code')).toBe('Código de servicio');
    expect(fieldLabel('check_in_type')).toBe('Tipo de entrada');
    expect(fieldLabel('visit_memo')).toBe('Visit memo');
    expect(formatChangeValue(false, 'America/New_York')).toBe('No');
    expect(formatChangeValue(true, 'America/New_York')).toBe('Sí');
  });
});

describe('weekly rules', () => {
  it('writes days in weekday order and the interval only when above 1', () => {
    expect(weeklyRule(['FR', 'MO', 'WE'], 1)).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
    expect(weeklyRule(['TH', 'TU'], 2)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH');
  });

  it('reads plain weekly rules back and leaves other rules to the text field', () => {
    expect(parseWeeklyRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH')).toEqual({ days: ['MO', 'TH'], interval: 2 });
    expect(parseWeeklyRule('freq=weekly;byday=sa')).toEqual({ days: ['SA'], interval: 1 });
    expect(parseWeeklyRule('FREQ=DAILY')).toBeNull();
    expect(parseWeeklyRule('FREQ=WEEKLY;BYDAY=MO;COUNT=4')).toBeNull();
    expect(parseWeeklyRule('FREQ=WEEKLY;BYDAY=1MO')).toBeNull();
    expect(parseWeeklyRule('FREQ=WEEKLY')).toBeNull();
  });
});
