import { describe, expect, it, vi } from 'vitest';
import { Readable } from 'node:stream';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { csvRecords, FileImportProblem, xlsxRecords, type SheetRecord } from './file-imports.read';

/** The bytes as a stream of chunks of `size` bytes, so records and characters cross chunk boundaries. */
function chunked(bytes: Buffer, size: number): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
}

async function all(records: AsyncIterable<SheetRecord>): Promise<SheetRecord[]> {
  const out: SheetRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}

describe('CSV records', () => {
  it('reads UTF-8 with a BOM and CRLF line ends, cells and line numbers intact, in any chunking', async () => {
    const text = '\uFEFFId,FIRST,LAST\r\n1,José Eduardo181,Gómez206\r\n\r\n2,"Ann ""Nan""",Lee\r\n';
    for (const size of [1, 2, 3, 7, 1000]) {
      const records = await all(csvRecords(chunked(Buffer.from(text, 'utf8'), size)));
      expect(records).toEqual([
        { line: 1, cells: ['Id', 'FIRST', 'LAST'] },
        { line: 2, cells: ['1', 'José Eduardo181', 'Gómez206'] },
        { line: 4, cells: ['2', 'Ann "Nan"', 'Lee'] },
      ]);
    }
  });

  it('counts the lines of a quoted value that spans several, and reads a last line without a line end', async () => {
    const text = 'Id,Notes\n1,"first\nsecond\nthird"\n2,plain';
    const records = await all(csvRecords(chunked(Buffer.from(text), 5)));
    expect(records.map((r) => [r.line, r.cells[0]])).toEqual([
      [1, 'Id'],
      [2, '1'],
      [5, '2'],
    ]);
    expect(records[1]!.cells[1]).toBe('first\nsecond\nthird');
  });

  it('reads semicolon-separated files', async () => {
    const records = await all(csvRecords(Readable.from([Buffer.from('Id;Name\n1;Ana\n')])));
    expect(records[1]!.cells).toEqual(['1', 'Ana']);
  });

  it('names the first line that is not UTF-8', async () => {
    const latin1 = Buffer.concat([Buffer.from('Id,Name\n1,Ana\n2,Jos'), Buffer.from([0xe9]), Buffer.from('\n3,Bo\n')]);
    for (const size of [1, 4, 100]) {
      const error = await all(csvRecords(chunked(latin1, size))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FileImportProblem);
      expect((error as Error).message).toMatch(/^Line 3 is not UTF-8 text/);
    }
  });

  it('refuses a quoted value that never closes', async () => {
    const error = await all(csvRecords(Readable.from([Buffer.from('Id,Name\n1,"Ana\n2,Bo\n')]))).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Line 2: a quoted value never closes (a " is missing), so the rest of the file cannot be read',
    );
  });
});

describe('XLSX records', () => {
  it('reads the first worksheet with row numbers, dates as YYYY-MM-DD and numbers as text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(['Client ID', 'Born', 'ZIP']);
    sheet.addRow(['A1', new Date(Date.UTC(1941, 2, 7)), 1013]);
    sheet.addRow([]);
    sheet.addRow(['A2', '1950-01-02', '02138']);
    workbook.addWorksheet('Other').addRow(['ignored']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const records = await all(xlsxRecords(chunked(bytes, 4096)));
    expect(records).toEqual([
      { line: 1, cells: ['Client ID', 'Born', 'ZIP'] },
      { line: 2, cells: ['A1', '1941-03-07', '1013'] },
      { line: 4, cells: ['A2', '1950-01-02', '02138'] },
    ]);
  });

  it('reads an uncompressed (stored) workbook, whose archive ends before exceljs has read its last parts', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Clients').addRow(['Client ID', 'ZIP']);
    workbook.getWorksheet('Clients')!.addRow(['A1', '02138']);
    workbook.addWorksheet('Other').addRow(['ignored']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } }));
    // Unguarded, most of these reads lost the shared strings and the workbook part and failed.
    const reads = await Promise.all(Array.from({ length: 20 }, () => all(xlsxRecords(chunked(bytes, 4096)))));
    for (const records of reads) {
      expect(records).toEqual([
        { line: 1, cells: ['Client ID', 'ZIP'] },
        { line: 2, cells: ['A1', '02138'] },
      ]);
    }
  });

  it('leaves no temporary copy of a worksheet behind', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Clients').addRow(['Client ID']);
    workbook.addWorksheet('Other').addRow(['ignored']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    // This process's copies: other reads of this process (earlier tests) may still be removing theirs.
    const copies = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = new Set(copies());
    for (let i = 0; i < 5; i++) expect(await all(xlsxRecords(chunked(bytes, 4096)))).toHaveLength(1);
    // exceljs removes the last copy without waiting for the removal.
    await vi.waitFor(() => expect(copies().filter((name) => !before.has(name))).toEqual([]));
  });

  it('leaves no copy behind when the reader stops after the header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    for (let i = 0; i < 500; i++) sheet.addRow([`C-${i}`, `Name ${i}`]);
    workbook.addWorksheet('Other').addRow(['ignored']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const copies = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
    const before = new Set(copies());
    for (let i = 0; i < 3; i++) {
      // As the job's first pass does when the header lacks a required column.
      for await (const record of xlsxRecords(chunked(bytes, 4096))) {
        expect(record.cells).toEqual(['C-0', 'Name 0']);
        break;
      }
    }
    await vi.waitFor(() => expect(copies().filter((name) => !before.has(name))).toEqual([]));
  });

  it('stops early as well on a workbook whose shared strings come before its worksheets (no copies made)', async () => {
    const written = new ExcelJS.Workbook();
    const sheet = written.addWorksheet('Clients');
    for (let i = 0; i < 500; i++) sheet.addRow([`C-${i}`, `Name ${i}`]);
    const original = await JSZip.loadAsync(await written.xlsx.writeBuffer());
    const names = Object.keys(original.files).filter((name) => !original.files[name]!.dir);
    const sheetsLast = [
      ...names.filter((n) => !n.startsWith('xl/worksheets/')),
      ...names.filter((n) => n.startsWith('xl/worksheets/')),
    ];
    const reordered = new JSZip();
    for (const name of sheetsLast) reordered.file(name, await original.file(name)!.async('uint8array'));
    const bytes = await reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(await all(xlsxRecords(chunked(bytes, 4096)))).toHaveLength(500);
    for await (const record of xlsxRecords(chunked(bytes, 4096))) {
      expect(record.line).toBe(1);
      break;
    }
  });

  it('refuses a truncated workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Clients').addRow(['Client ID']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const error = await all(xlsxRecords(chunked(bytes.subarray(0, bytes.length - 200), 4096))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileImportProblem);
    expect((error as Error).message).toMatch(/^The file is not a readable XLSX workbook/);
  });

  it('refuses bytes that are not a workbook', async () => {
    const error = await all(xlsxRecords(Readable.from([Buffer.from('Id,Name\n1,Ana\n')]))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileImportProblem);
    expect((error as Error).message).toMatch(/^The file is not a readable XLSX workbook/);
  });
});
