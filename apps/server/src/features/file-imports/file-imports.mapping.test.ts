import { describe, expect, it } from 'vitest';
import { missingColumnsMessage, planColumns, rowData, rowValues } from './file-imports.mapping';
import type { ImportField } from './file-imports.target';

const FIELDS: ImportField[] = [
  { key: 'externalId', label: 'ID', required: true, description: '' },
  { key: 'firstName', label: 'First name', required: true, description: '' },
  { key: 'status', label: 'Status', required: false, description: '' },
  { key: 'zip', label: 'ZIP', required: false, description: '' },
];
const MAPPING = {
  externalId: { header: 'Id' },
  firstName: { header: 'FIRST', transform: 'strip_digits' },
  status: { header: 'DEATHDATE', transform: 'non_empty_means_deceased' },
  zip: { header: 'ZIP', transform: 'zip' },
};

describe('column mapping', () => {
  it('finds mapped headers by name, trimmed and in any case or order, ignoring extra columns', () => {
    const { columns, missing } = planColumns(['\uFEFFid', 'EXTRA', ' zip ', 'First'], MAPPING, FIELDS);
    expect(missing).toEqual([]);
    expect(columns).toEqual([
      { field: 'externalId', index: 0 },
      { field: 'firstName', index: 3, transform: 'strip_digits' },
      { field: 'zip', index: 2, transform: 'zip' },
    ]);
    expect(rowValues(['p-1', 'x', '1013', 'Milo271'], columns, {}, new Set(FIELDS.map((f) => f.key)))).toEqual({
      externalId: 'p-1',
      firstName: 'Milo',
      zip: '01013',
    });
  });

  it('lists the required headers a file lacks, optional ones are simply not imported', () => {
    const { missing } = planColumns(['ZIP'], MAPPING, FIELDS);
    expect(missing).toEqual(['Id', 'FIRST']);
    expect(missingColumnsMessage(missing, 'Synthea patients')).toBe(
      'The file lacks the columns "Id", "FIRST", which the Synthea patients import needs',
    );
    expect(missingColumnsMessage(['FIRST'], 'Clients')).toBe('The file has no "FIRST" column, which the Clients import needs');
  });

  it('fills empty and unmapped fields with the defaults, never other keys', () => {
    const { columns } = planColumns(['Id', 'FIRST', 'DEATHDATE'], MAPPING, FIELDS);
    const keys = new Set(FIELDS.map((f) => f.key));
    expect(rowValues(['p-2', 'Ann', ''], columns, { status: 'active', zip: '02138', branchId: 3 }, keys)).toEqual({
      externalId: 'p-2',
      firstName: 'Ann',
      status: 'active',
      zip: '02138',
    });
    expect(rowValues(['p-3', 'Ann', '2019-01-01'], columns, { status: 'active' }, keys).status).toBe('deceased');
  });

  it('keeps the row as read without its empty cells', () => {
    expect(rowData(['Id', 'FIRST', '', 'ZIP'], ['p-1', 'Milo271', 'x', ''])).toEqual({ Id: 'p-1', FIRST: 'Milo271' });
  });
});
