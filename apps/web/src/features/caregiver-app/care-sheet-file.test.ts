import { describe, expect, it } from 'vitest';
import { base64ToBytes, pdfBlob } from './care-sheet-file';

describe('care sheet PDF file', () => {
  it('turns the base64 answer back into the PDF bytes', async () => {
    // A PDF header and a binary byte (PDFs carry bytes above 127 right after the header).
    const bytes = [...Buffer.from('%PDF-1.7\n', 'latin1'), 0xff];
    const base64 = Buffer.from(bytes).toString('base64');
    expect([...base64ToBytes(base64)].slice(0, 5)).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const blob = pdfBlob({ fileName: 'care-sheet-1.pdf', contentType: 'application/pdf', base64 });
    expect(blob.type).toBe('application/pdf');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual(bytes);
  });
});
