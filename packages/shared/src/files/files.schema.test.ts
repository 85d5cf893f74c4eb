import { describe, expect, it } from 'vitest';
import { RECORD_FILE_MAX_BYTES } from './files.constants';
import { formatFileSize, recordFileProblem, ZCreateClientFileInput, ZUpdateFileInput } from './files.schema';

describe('formatFileSize', () => {
  it.each([
    [0, 'B', '0 B'],
    [812, 'B', '812 B'],
    [14_540, 'KB', '14.2 KB'],
    [RECORD_FILE_MAX_BYTES, 'MB', '25 MB'],
    [3.45 * 1024 * 1024, 'MB', '3.5 MB'],
  ])('%d bytes reads in %s as %s', (bytes, _unit, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('rounds up on request, so one byte over 25 MB is not "25 MB"', () => {
    expect(formatFileSize(RECORD_FILE_MAX_BYTES + 1, 'up')).toBe('25.1 MB');
  });
});

describe('recordFileProblem', () => {
  const pdf = { filename: 'a.pdf', size: 10, contentType: 'application/pdf' };
  it('accepts a PDF within the limit', () => expect(recordFileProblem(pdf)).toBeNull());
  it('says "No file provided" without a name or bytes (spec section 8)', () => {
    expect(recordFileProblem({ ...pdf, size: 0 })).toBe('No file provided');
    expect(recordFileProblem({ ...pdf, filename: '  ' })).toBe('No file provided');
  });
  it('names the limit and the allowed types', () => {
    expect(recordFileProblem({ ...pdf, size: RECORD_FILE_MAX_BYTES + 1 })).toBe('a.pdf is 25.1 MB; files may be at most 25 MB');
    expect(recordFileProblem({ ...pdf, contentType: 'image/svg+xml' })).toMatch(
      /^Files of type image\/svg\+xml are not allowed \(allowed: PDF, JPEG/,
    );
  });
});

describe('ZCreateClientFileInput', () => {
  it('reports file problems at the root and normalizes the content type', () => {
    const empty = ZCreateClientFileInput.safeParse({ clientId: 1, filename: '', size: 0, contentType: '' });
    expect(empty.error?.issues.map((i) => [i.path, i.message])).toEqual([[[], 'No file provided']]);
    const ok = ZCreateClientFileInput.parse({ clientId: 1, filename: ' x.png ', size: 5, contentType: 'IMAGE/PNG' });
    expect(ok).toEqual({ clientId: 1, filename: 'x.png', size: 5, contentType: 'image/png' });
  });

  it('refuses control characters in a filename', () => {
    const res = ZCreateClientFileInput.safeParse({ clientId: 1, filename: 'a\nb.pdf', size: 5, contentType: 'application/pdf' });
    expect(res.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['filename'], 'Filename may not contain control characters'],
    ]);
    expect(ZUpdateFileInput.safeParse({ id: 1, filename: 'x'.repeat(256) }).error?.issues[0]?.message).toBe(
      'Filename may be at most 255 characters',
    );
  });
});
