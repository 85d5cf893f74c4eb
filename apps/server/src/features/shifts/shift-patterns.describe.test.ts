import { describe, expect, it } from 'vitest';
import { describeRRule } from '@hearth/shared/shifts/recurrence';
import { describeRule } from './shift-patterns.describe';

/** A pattern's rule in words, from the server catalogue in English and Spanish (issue 27). */
describe('describeRule', () => {
  const rules: [string, string, string][] = [
    ['FREQ=DAILY', 'every day', 'todos los días'],
    ['FREQ=DAILY;INTERVAL=3', 'every 3 days', 'cada 3 días'],
    ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'every weekday', 'de lunes a viernes'],
    ['FREQ=WEEKLY', 'every week', 'todas las semanas'],
    ['FREQ=WEEKLY;BYDAY=MO,WE', 'every week on Monday, Wednesday', 'todas las semanas: lunes y miércoles'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'every 2 weeks on Tuesday', 'cada 2 semanas: martes'],
    ['FREQ=MONTHLY', 'every month', 'todos los meses'],
    ['FREQ=MONTHLY;INTERVAL=2', 'every 2 months', 'cada 2 meses'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'every month on the 15th', 'todos los meses, el día 15'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,15', 'every month on the 1st and 15th', 'todos los meses, los días 1 y 15'],
    ['FREQ=MONTHLY;BYDAY=1MO', 'every month on the 1st Monday', 'todos los meses, el primer lunes'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'every month on the last Friday', 'todos los meses, el último viernes'],
    [
      'FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU,4TU',
      'every 2 months on the 2nd Tuesday and 4th Tuesday',
      'cada 2 meses, el segundo martes y el cuarto martes',
    ],
    ['FREQ=WEEKLY;BYDAY=MO;COUNT=10', 'every week on Monday for 10 times', 'todas las semanas: lunes, 10 veces'],
    ['FREQ=WEEKLY;BYDAY=MO;COUNT=1', 'every week on Monday for 1 time', 'todas las semanas: lunes, 1 vez'],
    ['FREQ=DAILY;UNTIL=20261231', 'every day until December 31, 2026', 'todos los días, hasta el 31 de diciembre de 2026'],
    [
      'FREQ=WEEKLY;BYDAY=FR;UNTIL=20270105T235959Z',
      'every week on Friday until January 5, 2027',
      'todas las semanas: viernes, hasta el 5 de enero de 2027',
    ],
  ];

  it.each(rules)('words %s in English and Spanish', (rule, english, spanish) => {
    expect(describeRule(rule, 'en')).toBe(english);
    expect(describeRule(rule, 'es')).toBe(spanish);
  });

  it('reads in English as rrule does for the rules both word', () => {
    for (const [rule, english] of rules) expect(describeRRule(rule)).toBe(english);
  });

  // Months and a position in a set of days, which rrule words loosely ("every month on weekdays" for the last one).
  const beyondRRule: [string, string, string][] = [
    ['FREQ=DAILY;BYMONTH=6', 'every day in June', 'todos los días, en junio'],
    [
      'FREQ=WEEKLY;BYDAY=MO;BYMONTH=7,1',
      'every week on Monday in January and July',
      'todas las semanas: lunes, en enero y julio',
    ],
    [
      'FREQ=MONTHLY;BYMONTHDAY=15;BYMONTH=1,7;COUNT=4',
      'every month on the 15th in January and July for 4 times',
      'todos los meses, el día 15, en enero y julio, 4 veces',
    ],
    ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=2', 'every month on the 2nd Monday', 'todos los meses, el segundo lunes'],
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
      'FREQ=MONTHLY;INTERVAL=2;BYDAY=SU,MO,TU,WE,TH,FR,SA;BYSETPOS=3',
      'every 2 months on the 3rd day',
      'cada 2 meses, el tercer día',
    ],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1;BYMONTH=12;UNTIL=20271231',
      'every month on the 1st weekday in December until December 31, 2027',
      'todos los meses, el primer día laborable, en diciembre, hasta el 31 de diciembre de 2027',
    ],
  ];

  it.each(beyondRRule)('words %s in English and Spanish, beyond rrule’s words', (rule, english, spanish) => {
    expect(describeRule(rule, 'en')).toBe(english);
    expect(describeRule(rule, 'es')).toBe(spanish);
  });

  it('leaves a rule it does not cover to rrule’s words, and an unreadable one as written', () => {
    for (const rule of [
      'FREQ=MONTHLY;BYDAY=MO,WE;BYSETPOS=2',
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=6',
      'FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=1',
      'FREQ=DAILY;BYMONTH=13',
    ]) {
      expect(describeRule(rule, 'es')).toBe(describeRRule(rule));
    }
    expect(describeRule('not a rule', 'es')).toBe('not a rule');
  });
});
