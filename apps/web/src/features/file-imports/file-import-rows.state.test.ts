import { describe, expect, it } from 'vitest';
import type { ViewFilter } from '@hearth/shared/views/views.schema';
import { fileImportIdOf, hasOnlyImport, pickedStatus, withImport, withStatus } from './file-import-rows.state';

const search = { column: 'message', operator: 'contains', value: 'ZIP' } satisfies ViewFilter;

describe('rows of one import', () => {
  it('fixes the table to the import, replacing any other filter on the import column', () => {
    const filters: ViewFilter[] = [{ column: 'fileImportId', operator: 'in', value: [3, 4] }, search];
    expect(hasOnlyImport(filters, 3)).toBe(false);
    const fixed = withImport(filters, 3);
    expect(fixed).toEqual([{ column: 'fileImportId', operator: 'equals', value: 3 }, search]);
    expect(hasOnlyImport(fixed, 3)).toBe(true);
    expect(hasOnlyImport(fixed, 4)).toBe(false);
  });

  it('reads and writes the one status shown', () => {
    const base = withImport([], 7);
    expect(pickedStatus(base)).toBe('all');
    const errors = withStatus(base, 'error');
    expect(errors).toEqual([...base, { column: 'status', operator: 'equals', value: 'error' }]);
    expect(pickedStatus(errors)).toBe('error');
    expect(pickedStatus([{ column: 'status', operator: 'in', value: ['created'] }])).toBe('created');
    expect(pickedStatus([{ column: 'status', operator: 'in', value: ['created', 'error'] }])).toBe('all');
    expect(withStatus(withStatus(errors, 'updated'), 'all')).toEqual(base);
  });

  it('shows the rows written with a warning, whatever their status, in place of a status', () => {
    const base = withImport([], 7);
    const warnings = withStatus(withStatus(base, 'error'), 'warning');
    expect(warnings).toEqual([...base, { column: 'hasWarning', operator: 'equals', value: true }]);
    expect(pickedStatus(warnings)).toBe('warning');
    expect(pickedStatus([...warnings, { column: 'status', operator: 'equals', value: 'created' }])).toBe('all');
    expect(pickedStatus([{ column: 'hasWarning', operator: 'equals', value: false }])).toBe('all');
    expect(withStatus(warnings, 'created')).toEqual([...base, { column: 'status', operator: 'equals', value: 'created' }]);
    expect(withStatus(warnings, 'all')).toEqual(base);
  });

  it('takes the import id from the link only when it is a positive whole number', () => {
    expect(fileImportIdOf(new URLSearchParams('fileImportId=12'))).toBe(12);
    for (const bad of [
      '',
      'fileImportId=0',
      'fileImportId=-1',
      'fileImportId=1.5',
      'fileImportId=abc',
      'fileImportId=99999999999',
    ]) {
      expect(fileImportIdOf(new URLSearchParams(bad))).toBeNull();
    }
  });
});
