import '@/i18n/i18n.test-languages';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRRule } from '@hearth/shared/shifts/recurrence';
import { i18n } from '@/i18n/i18n.setup';
import { describeWeeklyRule } from './shift-rrule';

const RULES = [
  'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  'FREQ=WEEKLY;BYDAY=MO',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
  'FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU',
  'FREQ=WEEKLY;BYDAY=FR,MO',
  'FREQ=WEEKLY;WKST=SU;BYDAY=SU,MO',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU',
];

describe('a weekly rule in words', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('reads in English as the server’s description does', () => {
    for (const rule of RULES) expect(describeWeeklyRule(rule, 'en'), rule).toBe(describeRRule(rule));
    expect(describeWeeklyRule('FREQ=WEEKLY;BYDAY=MO,WE,FR', 'en')).toBe('every week on Monday, Wednesday, Friday');
  });

  it('reads in Spanish, days in order joined with “y”, weeks by plural', () => {
    expect(describeWeeklyRule('FREQ=WEEKLY;BYDAY=MO,WE,FR', 'es')).toBe('todas las semanas: lunes, miércoles y viernes');
    expect(describeWeeklyRule('FREQ=WEEKLY;BYDAY=FR,MO', 'es')).toBe('todas las semanas: lunes y viernes');
    expect(describeWeeklyRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'es')).toBe('cada 2 semanas: martes');
    expect(describeWeeklyRule('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'es')).toBe('de lunes a viernes');
    expect(describeWeeklyRule('FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR', 'es')).toBe('cada 3 semanas, de lunes a viernes');
    expect(describeWeeklyRule('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', 'es')).toBe('todos los días');
  });

  it('follows the shown language when none is given', async () => {
    await i18n.changeLanguage('es');
    expect(describeWeeklyRule('FREQ=WEEKLY;BYDAY=SA,SU')).toBe('todas las semanas: sábado y domingo');
    await i18n.changeLanguage('en');
    expect(describeWeeklyRule('FREQ=WEEKLY;BYDAY=SA,SU')).toBe('every week on Saturday, Sunday');
  });

  it('leaves other rules to the server’s description', () => {
    expect(describeWeeklyRule('FREQ=DAILY;COUNT=5', 'es')).toBeNull();
    expect(describeWeeklyRule('FREQ=WEEKLY;BYDAY=MO;COUNT=4', 'es')).toBeNull();
  });
});
