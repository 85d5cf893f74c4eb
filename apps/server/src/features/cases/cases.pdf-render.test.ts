import { describe, expect, it } from 'vitest';
import { readPdf } from '../care-forms/care-forms.pdf.test-support';
import { renderCasePdf } from './cases.pdf-render';
import { due, fallCase } from './cases.pdf.test-support';

describe('the case PDF', () => {
  it('prints the header, details, deadlines with met and overdue, description, attachments, modules, comments and history', async () => {
    const { lines, images, doc } = await readPdf(await renderCasePdf(fallCase()));
    expect(lines.slice(0, 4)).toEqual(['Hearth Home Care', 'Boston branch', 'CASE-000123 Fall in the hallway', 'Case file']);
    for (const expected of [
      'Incident',
      'Completed',
      'Urgent',
      "Rosa O'Brien-Núñez",
      // The visit at 23:00 UTC is 6:00 PM EST; the report the evening before the DST change.
      '03/06/31 6:00 PM EST',
      'Cara Giver',
      'Cara Giver, 03/06/31 8:00 PM EST',
      'Bo Manager',
      'Due 03/06/31 10:00 PM EST: met 03/06/31 9:00 PM EST',
      'Due 03/07/31 8:00 PM EST: OVERDUE',
      // 15:00 UTC on 9 March is after the change to daylight time.
      'Due 03/09/31 9:00 PM EDT: met 03/09/31 11:00 AM EDT',
      'Client slipped on the rug on her way to the kitchen; bruised left arm.',
      'hallway.jpg (2 KB)',
      'statement.pdf (88 KB)',
      'Fall investigation (required)',
      'Completed, form 42',
      'Was the caregiver present?',
      'Family follow-up',
      'Not started',
      'Bo Manager, 03/06/31 10:00 PM EST',
      'Rug removed with the family.',
      'Case added by Cara Giver',
      'status: requested -> accepted',
      'Comment added by the system',
    ]) {
      expect(lines).toContain(expected);
    }
    expect(lines).not.toContain('HIDDEN ANSWER');
    // The case's photo and the module's photo and signature answer.
    expect(images).toBe(3);
    expect(doc.getTitle()).toBe('CASE-000123: Fall in the hallway');
    expect(lines.at(-1)).toMatch(/^Page \d of \d$/);
  });

  it('shows what is missing: no deadline, no description, unassigned, no comments or history, the reason', async () => {
    const data = fallCase({
      status: 'cancelled',
      lastReason: 'Reported twice',
      assignee: null,
      description: '',
      comments: [],
      attachments: [],
      shiftStart: null,
      caregivers: [],
      deadlines: { acknowledge: due(null, null, false), stateReport: due(null, null, false), resolve: due(null, null, false) },
    });
    data.history = [];
    data.modules = [];
    const { lines, images } = await readPdf(await renderCasePdf(data));
    for (const expected of [
      'Cancelled',
      'Reported twice',
      'Not assigned',
      'No description',
      'No comments',
      'No changes recorded',
    ]) {
      expect(lines).toContain(expected);
    }
    expect(lines.filter((l) => l === 'No deadline')).toHaveLength(3);
    expect(images).toBe(0);
  });

  it('is written in Spanish for a Spanish reader', async () => {
    const { lines } = await readPdf(await renderCasePdf(fallCase(), 'es'));
    for (const expected of ['Sucursal Boston', 'Expediente del caso', 'Completado', 'Urgente', 'Comentarios', 'Historial']) {
      expect(lines).toContain(expected);
    }
    expect(lines).toContain('Caso agregado por Cara Giver');
    expect(lines.filter((l) => l.endsWith(': VENCIDO'))).toHaveLength(1);
  });
});
