import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exportCell } from './views.export';
import type { ViewColumnDefinition } from './views.registry';

const column = (type: ViewColumnDefinition['type'], extra: Partial<ViewColumnDefinition> = {}): ViewColumnDefinition => ({
  key: 'k',
  label: 'K',
  type,
  sql: sql`k`,
  ...extra,
});

describe('export cells', () => {
  it('writes money from cents as dollars: 2-decimal text in CSV, a number in XLSX', () => {
    expect(exportCell(column('money'), 1250, 'csv')).toBe('12.50');
    expect(exportCell(column('money'), 100000, 'csv')).toBe('1000.00');
    expect(exportCell(column('money'), 1250, 'xlsx')).toBe(12.5);
  });

  it('writes booleans as Yes/No, enums by label, nulls as empty', () => {
    expect(exportCell(column('boolean'), true, 'csv')).toBe('Yes');
    expect(exportCell(column('boolean'), false, 'xlsx')).toBe('No');
    expect(exportCell(column('enum', { options: [{ value: 'on_hold', label: 'On hold' }] }), 'on_hold', 'csv')).toBe('On hold');
    expect(exportCell(column('text'), null, 'csv')).toBeNull();
  });
});
