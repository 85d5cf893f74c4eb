import { describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { careSheetPdfFileName, pdfTime, renderCareSheetPdf, type CareSheetPdfSource } from './care-sheets.pdf';

const SOURCE: CareSheetPdfSource = {
  agencyName: 'Hearth Home Care',
  branchName: 'Boston',
  clientLastName: "O'Brien-Núñez",
  care_sheet_id: 1,
  shift_id: 2,
  clientName: "Rosa O'Brien-Núñez",
  caregiverName: 'Mia Sheeter',
  serviceCode: 'T1019 U1',
  timezone: 'America/New_York',
  startTimestamp: '2031-03-09T04:30:00Z',
  endTimestamp: '2031-03-09T08:30:00Z',
  checkIn: '2031-03-09T04:31:00Z',
  checkOut: null,
  tasks: ['Bathing', 'Meal preparation'],
  completed_tasks: ['Bathing', 'Laundry'],
  caregiver_comment: 'Ate lunch 😀 and walked.\n你好 second paragraph.',
  transportation_data: { miles: 1, trips: 2 },
  client_signature: null,
  client_initials: null,
  client_unable_to_sign_reason: 'Arthritis flare',
  caregiver_signature: null,
  caregiver_initials: null,
  submittedAt: null,
  reviewedAt: null,
  reviewNote: null,
};

describe('care sheet PDF helpers', () => {
  it('names the file by the client last name and the local visit date', () => {
    // 04:30 UTC on the 9th is still the 8th in New York.
    expect(careSheetPdfFileName(SOURCE)).toBe('care-sheet-o-brien-nunez-2031-03-08.pdf');
  });

  it('writes times in the branch zone as MM/DD/YY h:mm A, across a DST change', () => {
    expect(pdfTime('2031-03-09T06:59:00Z', 'America/New_York')).toBe('03/09/31 1:59 AM EST');
    expect(pdfTime('2031-03-09T07:00:00Z', 'America/New_York')).toBe('03/09/31 3:00 AM EDT');
    expect(pdfTime(null, 'America/New_York')).toBe('Not recorded');
  });

  it('renders text the standard fonts cannot encode instead of failing', async () => {
    const doc = await PDFDocument.load(await renderCareSheetPdf(SOURCE));
    expect(doc.getPageCount()).toBe(1);
  });
});
