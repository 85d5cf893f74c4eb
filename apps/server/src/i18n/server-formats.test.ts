import { describe, expect, it } from 'vitest';
import { formatFileSize, recordFileProblem } from '@hearth/shared/files/files.schema';
import { fileImportProblemMessage } from '@hearth/shared/file-imports/file-imports.schema';
import { translateEnglish } from './english-messages';
import { calendarDate, calendarDateValue } from './server-dates';
import { localFileSize, msg, translate, type ServerMessageKey } from './server-i18n';

/**
 * Numbers and dates inside server messages go through Intl in the reader's locale (issue 27 "Dates, times and
 * numbers through Intl in the user's locale, keeping the spec's formats for English").
 */
describe('calendar dates in messages', () => {
  it('keep YYYY-MM-DD in English and write es-US day-first dates in Spanish', () => {
    expect(calendarDate('2026-03-02', 'en')).toBe('2026-03-02');
    expect(calendarDate('2026-03-02', 'es')).toBe('2/3/2026');
    expect(calendarDate('2026-12-31', 'es')).toBe('31/12/2026');
    expect(calendarDate('not a date', 'es')).toBe('not a date');
  });

  it('word an authorization overlap in the reader’s language', () => {
    const overlap = msg('errors.clients.authorizationOverlaps', {
      code: 'T1019',
      start: calendarDateValue('2026-03-02'),
      end: calendarDateValue('2026-06-30'),
    });
    expect(translate(overlap, 'en')).toBe('Another T1019 authorization of this payer covers 2026-03-02 to 2026-06-30');
    expect(translate(overlap, 'es')).toBe('Otra autorización T1019 de este pagador cubre del 2/3/2026 al 30/6/2026');
  });
});

describe('file sizes in messages', () => {
  it('go through Intl in the language’s locale, English as formatFileSize writes them', () => {
    expect(localFileSize('12.5 MB', 'en')).toBe('12.5 MB');
    expect(localFileSize('12.5 MB', 'es')).toBe(new Intl.NumberFormat('es-US').format(12.5) + ' MB');
    expect(localFileSize('1023 B', 'en')).toBe('1023 B');
    expect(localFileSize('1023 B', 'es')).toBe('1,023 B');
    expect(localFileSize('Boston', 'es')).toBe('Boston');
  });

  it('are worded so in a refused record file and a refused import', () => {
    const big = recordFileProblem({ filename: 'scan.pdf', size: 1023.5 * 1024 * 1024, contentType: 'application/pdf' });
    expect(big).toBe(`scan.pdf is ${formatFileSize(1023.5 * 1024 * 1024, 'up')}; files may be at most 25 MB`);
    expect(translateEnglish(big!, 'es')).toContain('1,023.5 MB');
    const tooBig = fileImportProblemMessage({ fileName: 'a.csv', fileSizeBytes: 2000 * 1024 * 1024, contentType: 'text/csv' });
    const worded = translate({ key: tooBig!.key as ServerMessageKey, values: tooBig!.values }, 'es');
    expect(worded).toContain('2 GB');
    expect(worded).toMatch(/^a\.csv /);
  });
});
