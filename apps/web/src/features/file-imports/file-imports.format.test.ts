import '@/i18n/i18n.test-languages';
import { describe, expect, it } from 'vitest';
import { fileImportProblem } from '@hearth/shared/file-imports/file-imports.schema';
import { FILE_IMPORT_XLSX_CONTENT_TYPE } from '@hearth/shared/file-imports/file-imports.constants';
import { i18n } from '@/i18n/i18n.setup';
import { expectedColumns, formatCount, importContentType, progressPercent, progressText } from './file-imports.format';

describe('progress', () => {
  it('counts rows done against the total, rounding down so 100% means every row', () => {
    expect(progressText({ status: 'running', rowsDone: 1024, rowsTotal: 1171 })).toBe('1,024 / 1,171 rows');
    expect(progressPercent({ status: 'running', rowsDone: 1024, rowsTotal: 1171 })).toBe(87);
    expect(progressPercent({ status: 'running', rowsDone: 1170, rowsTotal: 1171 })).toBe(99);
    expect(progressPercent({ status: 'running', rowsDone: 1171, rowsTotal: 1171 })).toBe(100);
  });

  it('says what an import waits for before its rows are counted', () => {
    expect(progressText({ status: 'queued', rowsDone: 0, rowsTotal: null })).toBe('Waiting for the import to start');
    expect(progressPercent({ status: 'queued', rowsDone: 0, rowsTotal: null })).toBe(0);
    expect(progressText({ status: 'failed', rowsDone: 0, rowsTotal: null })).toBe('The file was not imported');
  });

  it('counts rows with the shown language’s grouping, in Spanish too', async () => {
    expect(formatCount(1171)).toBe('1,171');
    await i18n.changeLanguage('es');
    try {
      expect(formatCount(1171)).toBe('1,171');
      expect(progressText({ status: 'running', rowsDone: 1024, rowsTotal: 1171 })).toBe('1,024 / 1,171 filas');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a completed import as whole, even one without rows', () => {
    expect(progressPercent({ status: 'completed', rowsDone: 0, rowsTotal: 0 })).toBe(100);
  });
});

describe('importContentType', () => {
  it('names CSV files text/csv when the browser gave no CSV type, and keeps a CSV type it gave', () => {
    expect(importContentType({ name: 'patients.csv', type: '' })).toBe('text/csv');
    expect(importContentType({ name: 'patients.CSV', type: 'application/octet-stream' })).toBe('text/csv');
    expect(importContentType({ name: 'patients.csv', type: 'application/vnd.ms-excel' })).toBe('application/vnd.ms-excel');
  });

  it('names .xlsx files by their extension and leaves other files to be refused', () => {
    expect(importContentType({ name: 'roster.xlsx', type: '' })).toBe(FILE_IMPORT_XLSX_CONTENT_TYPE);
    const pdf = { name: 'roster.pdf', type: 'application/pdf' };
    expect(importContentType(pdf)).toBe('application/pdf');
    expect(fileImportProblem({ fileName: pdf.name, fileSizeBytes: 10, contentType: importContentType(pdf) })).toBe(
      'roster.pdf is not a CSV or XLSX file',
    );
  });

  it('gives every .csv and .xlsx a type the shared rule accepts', () => {
    for (const type of ['', 'text/csv', 'text/plain', 'application/octet-stream', 'application/vnd.ms-excel']) {
      for (const name of ['a.csv', 'b.xlsx']) {
        expect(
          fileImportProblem({ fileName: name, fileSizeBytes: 10, contentType: importContentType({ name, type }) }),
        ).toBeNull();
      }
    }
  });
});

describe('expectedColumns', () => {
  it('lists the mapped fields, required first, in the order of the target', () => {
    const columns = expectedColumns({
      fields: [
        { key: 'externalId', label: 'External id', required: true, description: '' },
        { key: 'middleName', label: 'Middle name', required: false, description: '' },
        { key: 'firstName', label: 'First name', required: true, description: '' },
        { key: 'phone', label: 'Phone', required: false, description: '' },
      ],
      mapping: {
        firstName: { header: 'FIRST', transform: 'strip_digits' },
        externalId: { header: 'Id' },
        phone: { header: 'PHONE' },
      },
    });
    expect(columns.map((c) => [c.header, c.required, c.transform])).toEqual([
      ['Id', true, null],
      ['FIRST', true, 'strip_digits'],
      ['PHONE', false, null],
    ]);
  });
});
