import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import type { Questionnaire } from '@hearth/shared/care-forms/care-forms.schema';
import { SIGNATURE_EXTENSION_URL } from '@hearth/shared/care-forms/care-forms.constants';
import type { CareFormPdfData } from './care-forms.pdf-render';

/** A 48x32 JPEG photo (a canvas's), as base64. */
export const PHOTO_JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAgADADASIAAhEBAxEB/8QAGgABAQACAwAAAAAAAAAAAAAAAAQDBgEFB//EACIQAAIBBAICAwEAAAAAAAAAAAECAAMEERMFUQZBEjFxYf/EABkBAAIDAQAAAAAAAAAAAAAAAAMEAAECBf/EAB0RAAICAwEBAQAAAAAAAAAAAAABAhIDERMhMUH/2gAMAwEAAhEDEQA/ANq1xrleuNcbsc+hJrjXMHI8tZ8e+uqWep7RBkj9jjuWs+QfXSLJU9I4wT+TPWO9b9KqjMVA9TkJkZlRpA/YjX/IKCyrLKUpbi/iDSWN40kvf1leuNcq1xrksGoeTXT1Kl1VesSahc/LPeYtXqU7qk9EkVFcFcd5m68x4kl7ctc2lYUXc5dWGVJ7HUcP4kllcrc3dYVnQ5RVGFB7PcT5SsL8ZbO61xrlWuNccsMUP//Z';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A grey-scale PNG of a wavy pen stroke, `width` x `height`, as a data URL (a drawn signature). */
export function signaturePng(width = 240, height = 80): string {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1, 255);
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      const wave = height / 2 + Math.sin(x / 12) * (height / 4);
      if (Math.abs(y - wave) < 1.6) row[x + 1] = 0;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A form type using every supported item: groups (one repeating), choices, conditions, a photo, a signature. */
export const VISIT_FORM: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  url: 'https://hearth.example/Questionnaire/visit',
  title: 'Supervisory visit',
  item: [
    { linkId: 'intro', type: 'display', text: 'Fill in during the visit, with the client present.' },
    { linkId: 'present', type: 'boolean', text: 'Was the caregiver present?', required: true },
    {
      linkId: 'absent-why',
      type: 'text',
      text: 'Why was the caregiver absent?',
      enableWhen: [{ question: 'present', operator: '=', answerBoolean: false }],
    },
    { linkId: 'visit-day', type: 'date', text: 'Visit date' },
    { linkId: 'arrived', type: 'time', text: 'Arrived at' },
    { linkId: 'observed', type: 'dateTime', text: 'Observed at' },
    {
      linkId: 'vitals',
      type: 'group',
      text: 'Vital signs',
      repeats: true,
      item: [
        { linkId: 'pulse', type: 'integer', text: 'Pulse (beats per minute)' },
        { linkId: 'temp', type: 'decimal', text: 'Temperature (°F)' },
      ],
    },
    {
      linkId: 'mood',
      type: 'choice',
      text: 'Client mood',
      answerOption: [
        { valueString: 'Calm' },
        { valueString: 'Anxious' },
        { valueCoding: { system: 'urn:hearth', code: 'sad', display: 'Sad' } },
      ],
    },
    {
      linkId: 'aids',
      type: 'open-choice',
      text: 'Aids used',
      repeats: true,
      answerOption: [{ valueString: 'Walker' }, { valueString: 'Cane' }],
    },
    { linkId: 'skin', type: 'attachment', text: 'Photo of the skin area' },
    { linkId: 'notes', type: 'string', text: 'Notes for the nurse: café, niño (accents) and 你好 (not in the font)' },
    { linkId: 'client-sign', type: 'attachment', text: 'Client signature', extension: [{ url: SIGNATURE_EXTENSION_URL }] },
  ],
};

/** A completed form of VISIT_FORM with answers to every shown question. */
export function completedVisit(overrides: Partial<CareFormPdfData> = {}): CareFormPdfData {
  return {
    formId: 42,
    agencyName: 'Hearth Home Care',
    branchName: 'Boston',
    timezone: 'America/New_York',
    clientName: "Rosa O'Brien-Núñez",
    typeName: 'Supervisory visit',
    typeVersion: 3,
    definition: VISIT_FORM,
    status: 'completed',
    version: 1,
    items: [
      { linkId: 'present', answer: [{ valueBoolean: true }] },
      { linkId: 'absent-why', answer: [{ valueString: 'HIDDEN ANSWER' }] },
      { linkId: 'visit-day', answer: [{ valueDate: '2031-03-08' }] },
      { linkId: 'arrived', answer: [{ valueTime: '14:30:00' }] },
      { linkId: 'observed', answer: [{ valueDateTime: '2031-03-09T07:00:00Z' }] },
      {
        linkId: 'vitals',
        item: [
          { linkId: 'pulse', answer: [{ valueInteger: 72 }] },
          { linkId: 'temp', answer: [{ valueDecimal: 98.6 }] },
        ],
      },
      { linkId: 'vitals', item: [{ linkId: 'pulse', answer: [{ valueInteger: 80 }] }] },
      { linkId: 'mood', answer: [{ valueCoding: { system: 'urn:hearth', code: 'sad', display: 'Sad' } }] },
      { linkId: 'aids', answer: [{ valueString: 'Walker' }, { valueString: 'Grab bar' }] },
      { linkId: 'skin', answer: [{ valueAttachment: { contentType: 'image/jpeg', data: PHOTO_JPEG } }] },
      {
        linkId: 'client-sign',
        answer: [{ valueAttachment: { contentType: 'image/png', data: signaturePng(200, 60).split(',')[1]! } }],
      },
    ],
    createdBy: 'Nora Nurse',
    createdAt: '2031-03-09T06:30:00Z',
    updatedAt: '2031-03-09T07:10:00Z',
    assignee: 'Mia Sheeter',
    shiftStart: '2031-03-09T06:00:00Z',
    signedBy: 'Nora Nurse',
    signedAt: '2031-03-09T07:10:00Z',
    signature: signaturePng(),
    amendmentReason: null,
    ...overrides,
  };
}

/** WinAnsi's punctuation in 0x91-0x97, which Latin-1 reads as control characters. */
const WIN_ANSI: Record<string, string> = {
  '\x91': '\u2018',
  '\x92': '\u2019',
  '\x93': '\u201c',
  '\x94': '\u201d',
  '\x95': '\u2022',
  '\x96': '\u2013',
  '\x97': '\u2014',
};

/** A PDF as a test reads it back: the document, its drawn text lines, its image count and its attachments. */
export async function readPdf(bytes: Uint8Array | Buffer) {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  let images = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype'))?.toString() === '/Image') {
      images++;
      continue;
    }
    if (object.dict.get(PDFName.of('Type'))?.toString() === '/EmbeddedFile') continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    // The standard fonts' text is written as a hex string shown with Tj, in WinAnsi (Latin-1 for these texts).
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(
        Buffer.from(match[1]!, 'hex')
          .toString('latin1')
          .replace(/[\x91-\x97]/g, (c) => WIN_ANSI[c] ?? c),
      );
    }
  }
  const attachments = Object.fromEntries(doc.getAttachments().map((a) => [a.name, Buffer.from(a.data).toString('utf8')]));
  return { doc, lines, text: lines.join('\n'), images, attachments };
}
