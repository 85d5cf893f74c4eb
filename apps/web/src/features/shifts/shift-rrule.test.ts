import '@/i18n/i18n.test-languages';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRRule } from '@hearth/shared/shifts/recurrence';
import { i18n } from '@/i18n/i18n.setup';
import { describeRule, describeWeeklyRule } from './shift-rrule';

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

describe('any rule in words', () => {
  afterEach(() => i18n.changeLanguage('en'));

  // The months and positions rrule words loosely, from the same `server` catalogue keys as the server's description
  // (apps/server/src/features/shifts/shift-patterns.describe.test.ts has the same words).
  const RULES_BEYOND_RRULE: [string, string, string][] = [
    ['FREQ=DAILY;BYMONTH=6', 'every day in June', 'todos los días, en junio'],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'every month on the last weekday',
      'todos los meses, el último día laborable',
    ],
    [
      'FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1,-1',
      'every month on the 1st weekend day and last weekend day',
      'todos los meses, el primer día de fin de semana y el último día de fin de semana',
    ],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1;BYMONTH=12;UNTIL=20271231',
      'every month on the 1st weekday in December until December 31, 2027',
      'todos los meses, el primer día laborable, en diciembre, hasta el 31 de diciembre de 2027',
    ],
  ];

  it.each(RULES_BEYOND_RRULE)('words %s in English and Spanish from the server catalogue', (rule, english, spanish) => {
    expect(describeRule(rule, 'en')).toBe(english);
    expect(describeRule(rule, 'es')).toBe(spanish);
  });

  it('words a weekly rule as describeWeeklyRule does, and follows the shown language', async () => {
    expect(describeRule('FREQ=WEEKLY;BYDAY=MO,WE,FR', 'es')).toBe('todas las semanas: lunes, miércoles y viernes');
    await i18n.changeLanguage('es');
    expect(describeRule('FREQ=MONTHLY;BYDAY=MO;BYSETPOS=2')).toBe('todos los meses, el segundo lunes');
  });

  it('leaves a rule neither words to the server’s description', () => {
    expect(describeRule('FREQ=MONTHLY;BYDAY=MO,WE;BYSETPOS=2', 'es')).toBeNull();
    expect(describeRule('FREQ=HOURLY', 'es')).toBeNull();
  });
});
