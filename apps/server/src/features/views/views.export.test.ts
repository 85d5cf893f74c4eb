import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exportCell, localizeColumn, viewWord, wallClockCell } from './views.export';
import type { ViewColumnDefinition, ViewDefinition } from './views.registry';

const column = (type: ViewColumnDefinition['type'], extra: Partial<ViewColumnDefinition> = {}): ViewColumnDefinition => ({
  key: 'k',
  label: 'K',
  type,
  sql: sql`k`,
  ...extra,
});

const NY = 'America/New_York';
const CHICAGO = 'America/Chicago';

describe('export cells', () => {
  it('writes money from cents as dollars: 2-decimal text in CSV, a number in XLSX', () => {
    expect(exportCell(column('money'), 1250, 'csv', NY)).toBe('12.50');
    expect(exportCell(column('money'), 100000, 'csv', NY)).toBe('1000.00');
    expect(exportCell(column('money'), 1250, 'xlsx', NY)).toBe(12.5);
  });

  it('writes booleans as Yes/No, enums by label, nulls as empty', () => {
    expect(exportCell(column('boolean'), true, 'csv', NY)).toBe('Yes');
    expect(exportCell(column('boolean'), false, 'xlsx', NY)).toBe('No');
    expect(exportCell(column('enum', { options: [{ value: 'on_hold', label: 'On hold' }] }), 'on_hold', 'csv', NY)).toBe(
      'On hold',
    );
    expect(exportCell(column('text'), null, 'csv', NY)).toBeNull();
  });

  it('words booleans, headings and options in the exporter’s language, English as declared', () => {
    expect(exportCell(column('boolean'), true, 'csv', NY, 'es')).toBe('Sí');
    expect(exportCell(column('boolean'), false, 'xlsx', NY, 'es')).toBe('No');
    const view = { name: 'clients' } as ViewDefinition;
    const status = column('enum', { key: 'status', label: 'Status', options: [{ value: 'on_hold', label: 'On hold' }] });
    expect(localizeColumn(view, status, 'en')).toBe(status);
    const spanish = localizeColumn(view, status, 'es');
    expect(spanish.label).toBe('Estado');
    expect(exportCell(spanish, 'on_hold', 'csv', NY, 'es')).toBe('En pausa');
    // A name the catalogue lacks keeps the server's English.
    expect(viewWord('clients', 'columns.nothingHere', 'Nothing here', 'es')).toBe('Nothing here');
    expect(viewWord('clients', 'label', 'Clients', 'en')).toBe('Clients');
  });

  it('writes datetimes on the row zone wall clock with its abbreviation, across the 2026 changes', () => {
    const datetime = column('datetime');
    // 9:00 AM in Chicago on both sides of the spring-forward change (8 March 2026).
    expect(exportCell(datetime, '2026-03-06T15:00:00.000Z', 'csv', CHICAGO)).toBe('03/06/2026 9:00 AM CST');
    expect(exportCell(datetime, '2026-03-09T14:00:00.000Z', 'csv', CHICAGO)).toBe('03/09/2026 9:00 AM CDT');
    // The two 1:30 AMs of the New York fall-back night (1 November 2026).
    expect(exportCell(datetime, '2026-11-01T05:30:00.000Z', 'csv', NY)).toBe('11/01/2026 1:30 AM EDT');
    expect(exportCell(datetime, '2026-11-01T06:30:00.000Z', 'csv', NY)).toBe('11/01/2026 1:30 AM EST');
  });

  it('writes an XLSX datetime as a spreadsheet date of the wall clock, its format naming the zone', () => {
    expect(exportCell(column('datetime'), '2026-03-09T14:00:00.000Z', 'xlsx', CHICAGO)).toEqual({
      value: new Date(Date.UTC(2026, 2, 9, 9, 0, 0)),
      numFmt: 'mm/dd/yyyy h:mm AM/PM "CDT"',
    });
    expect(wallClockCell('2026-11-01T06:30:00.000Z', NY)).toEqual({
      value: new Date(Date.UTC(2026, 10, 1, 1, 30, 0)),
      numFmt: 'mm/dd/yyyy h:mm AM/PM "EST"',
    });
    expect(wallClockCell('soon', NY)).toBeNull();
  });

  it('writes a time range column as the span on the wall clock, and dates as they are', () => {
    const range = column('text', { display: 'timeRange' });
    expect(exportCell(range, '2026-03-09T14:00:00.000Z/2026-03-09T18:00:00.000Z', 'csv', CHICAGO)).toBe('9:00 AM – 1:00 PM CDT');
    expect(exportCell(column('date', { display: 'dateOfBirth' }), '1942-03-14', 'csv', CHICAGO)).toBe('1942-03-14');
  });
});
