import { describe, expect, it } from 'vitest';
import { ZUpdateFileImportTypeInput, type FileImportTypeOutput } from '@hearth/shared/file-imports/file-imports.schema';
import { importTypeFieldOf, importTypeFormValues, importTypePayload, importTypeRules } from './file-import-type.values';

const type: FileImportTypeOutput = {
  name: 'synthea-patients',
  label: 'Synthea patients',
  description: 'patients.csv of a Synthea run',
  target: 'clients',
  mapping: { externalId: { header: 'Id' }, firstName: { header: 'FIRST', transform: 'strip_digits' } },
  defaults: { branchId: 2, status: 'active' },
  builtIn: true,
  fields: [
    { key: 'externalId', label: 'External id', required: true, description: '' },
    { key: 'firstName', label: 'First name', required: true, description: '' },
    { key: 'phone', label: 'Phone', required: false, description: '' },
  ],
  transforms: [{ name: 'strip_digits', description: 'Removes digits' }],
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('import type form', () => {
  it('edits one mapping row per field and the branch apart from the other defaults', () => {
    const values = importTypeFormValues(type);
    expect(values.mapping).toEqual([
      { field: 'externalId', header: 'Id', transform: null },
      { field: 'firstName', header: 'FIRST', transform: 'strip_digits' },
      { field: 'phone', header: '', transform: null },
    ]);
    expect(values.branchId).toBe('2');
    expect(JSON.parse(values.otherDefaults)).toEqual({ status: 'active' });
  });

  it('sends the whole mapping without unmapped fields, and the branch as a number over the other defaults', () => {
    const values = importTypeFormValues(type);
    values.mapping[2]!.header = '  PHONE ';
    values.branchId = '3';
    values.otherDefaults = '{"status": "pending", "branchId": 9}';
    const input = importTypePayload(type.name, values);
    expect(input.mapping).toEqual({
      externalId: { header: 'Id' },
      firstName: { header: 'FIRST', transform: 'strip_digits' },
      phone: { header: 'PHONE' },
    });
    expect(input.defaults).toEqual({ status: 'pending', branchId: 3 });
    expect(ZUpdateFileImportTypeInput.safeParse(input).success).toBe(true);
    values.branchId = null;
    values.otherDefaults = '';
    expect(importTypePayload(type.name, values).defaults).toEqual({});
  });

  it('asks for a column for every required field and a JSON object for the other defaults', () => {
    const values = importTypeFormValues(type);
    values.mapping[1]!.header = ' ';
    values.otherDefaults = '[1]';
    expect(importTypeRules(type)(values)).toEqual({
      'mapping.1.header': 'First name must be mapped to a column',
      otherDefaults: 'Other defaults must be a JSON object',
    });
  });

  it('puts the server errors of a field beside its row', () => {
    const fieldOf = importTypeFieldOf(type.fields.map((f) => f.key));
    expect(fieldOf('mapping.firstName.transform')).toBe('mapping.1.transform');
    expect(fieldOf('mapping.phone')).toBe('mapping.2.header');
    expect(fieldOf('mapping.unknown')).toBe('mapping');
    expect(fieldOf('defaults.branchId')).toBe('branchId');
    expect(fieldOf('defaults.status')).toBe('otherDefaults');
    expect(fieldOf('label')).toBe('label');
  });
});
