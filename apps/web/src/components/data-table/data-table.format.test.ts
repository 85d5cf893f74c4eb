import '@/i18n/i18n.test-languages';
import { afterEach, describe, expect, it } from 'vitest';
import { ageOn, todayInZone } from '@hearth/shared/app/time-display';
import { ROW_TIME_ZONE_KEY, type ViewColumnMeta } from '@hearth/shared/views/views.schema';
import { i18n } from '@/i18n/i18n.setup';
import {
  cellWraps,
  centsOf,
  describeFilter,
  formatCell,
  formatMoney,
  pageZoneName,
  rowTimeZone,
  localDateOf,
  localDayEndIso,
  localDayStartIso,
  rowHref,
} from './data-table.format';
import { defaultExportFilename, exportUrl, filenameFromDisposition } from './data-table.export';

const col = (type: ViewColumnMeta['type'], extra: Partial<ViewColumnMeta> = {}): ViewColumnMeta => ({
  key: 'k',
  label: 'Label',
  type,
  filterable: true,
  sortable: true,
  visibleByDefault: true,
  ...extra,
});

describe('cell formats', () => {
  it('writes date cells as MM/DD/YY without shifting the day', () => {
    expect(formatCell(col('date'), '1999-12-31')).toBe('12/31/99');
  });

  it('writes money from cents, booleans as Yes/No and enums by label', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatCell(col('money'), -5)).toBe('-$0.05');
    expect(formatCell(col('boolean'), true)).toBe('Yes');
    expect(formatCell(col('boolean'), false)).toBe('No');
    expect(formatCell(col('enum', { options: [{ value: 'bm', label: 'Branch Manager' }] }), 'bm')).toBe('Branch Manager');
    expect(formatCell(col('enum'), 'other')).toBe('other');
    expect(formatCell(col('number'), 12345.5)).toBe('12,345.5');
  });

  it('leaves empty values blank and joins lists', () => {
    expect(formatCell(col('text'), null)).toBe('');
    expect(formatCell(col('text'), undefined)).toBe('');
    expect(formatCell(col('text'), ['Boston', 'Worcester'])).toBe('Boston, Worcester');
  });
});

describe('cells in Spanish', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('writes numbers, money, dates and times through Intl in es-US, across the fall-back night in New York', async () => {
    await i18n.changeLanguage('es');
    expect(formatCell(col('number'), 12345.5)).toBe('12,345.5');
    expect(formatCell(col('number'), 0.1234567)).toBe('0.123457');
    expect(formatCell(col('money'), -5)).toBe('-$0.05');
    expect(formatCell(col('date'), '1999-12-31')).toBe('31/12/99');
    const ny = { timeZone: 'America/New_York', zoneName: 'always' as const };
    expect(formatCell(col('datetime'), '2026-11-01T05:30:00.000Z', ny)).toBe('01/11/26, 1:30 a.m. EDT');
    expect(formatCell(col('datetime'), '2026-11-01T06:30:00.000Z', ny)).toBe('01/11/26, 1:30 a.m. EST');
  });

  it('keeps the English numbers once the language is back', async () => {
    await i18n.changeLanguage('es');
    expect(formatCell(col('number'), 2000)).toBe('2,000');
    await i18n.changeLanguage('en');
    expect(formatCell(col('number'), 2000)).toBe('2,000');
  });
});

describe('times in the row’s branch zone', () => {
  const chicago = (zoneName: 'always' | 'never') => ({ timeZone: 'America/Chicago', zoneName });

  it('writes a datetime on the wall clock of the row’s zone, either side of the 2026 spring-forward change', () => {
    expect(formatCell(col('datetime'), '2026-03-06T15:00:00.000Z', chicago('always'))).toBe('03/06/26 9:00 AM CST');
    expect(formatCell(col('datetime'), '2026-03-09T14:00:00.000Z', chicago('always'))).toBe('03/09/26 9:00 AM CDT');
    expect(formatCell(col('datetime'), '2026-03-09T14:00:00.000Z', chicago('never'))).toBe('03/09/26 9:00 AM');
    // New York's fall-back night: two 1:30 AMs.
    const ny = { timeZone: 'America/New_York', zoneName: 'always' as const };
    expect(formatCell(col('datetime'), '2026-11-01T05:30:00.000Z', ny)).toBe('11/01/26 1:30 AM EDT');
    expect(formatCell(col('datetime'), '2026-11-01T06:30:00.000Z', ny)).toBe('11/01/26 1:30 AM EST');
  });

  it('writes a time range column as the span on the row’s clock', () => {
    const range = col('text', { display: 'timeRange' });
    expect(formatCell(range, '2026-03-09T14:00:00.000Z/2026-03-09T18:00:00.000Z', chicago('always'))).toBe(
      '9:00 AM – 1:00 PM CDT',
    );
    expect(formatCell(col('text'), 'a/b', chicago('always'))).toBe('a/b');
  });

  it('writes a date of birth with its four-digit year and the age on the row’s today, the date unshifted', () => {
    const dob = col('date', { display: 'dateOfBirth' });
    const age = ageOn('1942-03-14', todayInZone('America/Chicago'));
    expect(formatCell(dob, '1942-03-14', chicago('always'))).toBe(`03/14/1942 (${age})`);
    expect(age).toBeGreaterThanOrEqual(84);
    expect(formatCell(col('date'), '1942-03-14', chicago('always'))).toBe('03/14/42');
  });

  it('names the zones of a page when any row’s zone can differ from the viewer’s', () => {
    const rows = [{ [ROW_TIME_ZONE_KEY]: 'America/Chicago' }, { [ROW_TIME_ZONE_KEY]: 'America/New_York' }];
    expect(pageZoneName(rows, 'America/Chicago')).toBe('always');
    expect(pageZoneName(rows.slice(0, 1), 'America/Chicago')).toBe('never');
    expect(pageZoneName(rows.slice(0, 1), 'UTC')).toBe('always');
    expect(rowTimeZone(rows[1]!)).toBe('America/New_York');
  });
});

describe('filter helpers', () => {
  it('describes a datetime filter by its calendar days, unshifted', () => {
    const start = col('datetime', { label: 'Start' });
    expect(describeFilter(start, { column: 'k', operator: 'between', value: ['2026-11-28', '2026-11-29'] })).toBe(
      'Start between 11/28/26 and 11/29/26',
    );
    expect(describeFilter(start, { column: 'k', operator: 'after', value: '2026-11-28' })).toBe('Start after 11/28/26');
  });

  it('describes filters for the pills', () => {
    const role = col('enum', { label: 'Role', options: [{ value: 'Nurse', label: 'Nurse' }] });
    expect(describeFilter(role, { column: 'k', operator: 'in', value: ['Nurse'] })).toBe('Role is any of Nurse');
    expect(describeFilter(col('text', { label: 'Name' }), { column: 'k', operator: 'contains', value: 'an' })).toBe(
      'Name contains "an"',
    );
    expect(describeFilter(col('money', { label: 'Rate' }), { column: 'k', operator: 'between', value: [100, 2000] })).toBe(
      'Rate between $1.00 and $20.00',
    );
    expect(describeFilter(col('number', { label: 'N' }), { column: 'k', operator: 'between', value: [null, 5] })).toBe(
      'N at most 5',
    );
    expect(describeFilter(col('date', { label: 'D' }), { column: 'k', operator: 'before', value: '2026-03-04' })).toBe(
      'D before 03/04/26',
    );
    expect(describeFilter(col('text', { label: 'Phone' }), { column: 'k', operator: 'isEmpty' })).toBe('Phone is empty');
  });

  it('describes filters and yes/no cells in Spanish, with the operator fitting the column type', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(describeFilter(col('number', { label: 'N' }), { column: 'k', operator: 'before', value: 5 })).toBe('N menor que 5');
      expect(
        describeFilter(col('date', { label: 'Inicio' }), { column: 'k', operator: 'between', value: ['2026-03-04', null] }),
      ).toBe('Inicio desde el 04/03/26');
      expect(describeFilter(col('text', { label: 'Teléfono' }), { column: 'k', operator: 'isNotEmpty' })).toBe(
        'Teléfono no está vacío',
      );
      expect(formatCell(col('boolean'), true)).toBe('Sí');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('turns a picked day into the local day start and end, and back', () => {
    const start = localDayStartIso('2026-03-04');
    const end = localDayEndIso('2026-03-04');
    expect(localDateOf(start)).toBe('2026-03-04');
    expect(localDateOf(end)).toBe('2026-03-04');
    expect(new Date(end).getTime() - new Date(start).getTime()).toBeGreaterThanOrEqual(23 * 3600_000 - 1);
    expect(localDayStartIso('nope')).toBe('');
  });

  it('converts dollars to cents without float noise', () => {
    expect(centsOf(19.99)).toBe(1999);
    expect(centsOf(0.1 + 0.2)).toBe(30);
  });

  it('builds row links from the row values', () => {
    expect(rowHref('/admin/users/{id}', { id: 42 })).toBe('/admin/users/42');
    expect(rowHref('/x/{id}', { id: 'a/b' })).toBe('/x/a%2Fb');
  });
});

describe('export helpers', () => {
  it('puts the state in the URL as JSON', () => {
    const url = exportUrl('users', 'csv', {
      filters: [],
      sort: [{ column: 'a', direction: 'desc' }],
      search: '',
      columns: ['a'],
    });
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/views/users/export');
    expect(parsed.searchParams.get('format')).toBe('csv');
    expect(JSON.parse(parsed.searchParams.get('state')!)).toEqual({
      filters: [],
      sort: [{ column: 'a', direction: 'desc' }],
      columns: ['a'],
    });
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(filenameFromDisposition('attachment; filename="users-2026-01-05.csv"', 'x')).toBe('users-2026-01-05.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.csv", 'x')).toBe('café.csv');
    expect(filenameFromDisposition('attachment; filename="../../etc"', 'x')).toBe('.._.._etc');
    expect(filenameFromDisposition(null, 'fallback.csv')).toBe('fallback.csv');
    expect(defaultExportFilename('users', 'xlsx', new Date(2026, 0, 5))).toBe('users-2026-01-05.xlsx');
  });
});

describe('cellWraps', () => {
  it('wraps lists and long sentences, keeps names and ids on one line', () => {
    expect(cellWraps('Ann Lee')).toBe(false);
    expect(cellWraps('b1e9b0b9-da6e-4f68-b603-bd896a50ca86-with-more-than-40')).toBe(false);
    expect(cellWraps('Boston, Worcester')).toBe(true);
    expect(cellWraps('Address not saved: ZIP "1A345" is not a US ZIP code (5 digits or ZIP+4)')).toBe(true);
  });
});
