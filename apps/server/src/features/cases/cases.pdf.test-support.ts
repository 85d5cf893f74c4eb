import { PHOTO_JPEG, VISIT_FORM, completedVisit } from '../care-forms/care-forms.pdf.test-support';
import type { CasePdfData } from './cases.pdf-render';

export const due = (dueAt: string | null, metAt: string | null, overdue: boolean) => ({ dueAt, metAt, overdue });

/** A fall with injury worked to completed: every section of the case file filled. */
export function fallCase(overrides: Partial<CasePdfData['detail']> = {}): CasePdfData {
  const visit = completedVisit();
  return {
    agencyName: 'Hearth Home Care',
    branchName: 'Boston',
    timezone: 'America/New_York',
    photos: [{ filename: 'hallway.jpg', contentType: 'image/jpeg', data: PHOTO_JPEG }],
    modules: [
      {
        name: 'Fall investigation',
        required: true,
        form: {
          id: 42,
          status: 'completed',
          definition: VISIT_FORM,
          items: visit.items,
          signedBy: 'Nora Nurse',
          signedAt: visit.signedAt,
        },
      },
      { name: 'Family follow-up', required: false, form: null },
    ],
    history: [
      { at: '2031-03-07T01:05:00Z', who: 'Cara Giver', what: 'case', operation: 'INSERT', changes: [] },
      {
        at: '2031-03-07T02:00:00Z',
        who: 'Bo Manager',
        what: 'case',
        operation: 'UPDATE',
        changes: [{ field: 'status', from: 'requested', to: 'accepted' }],
      },
      { at: '2031-03-07T03:00:00Z', who: null, what: 'comment', operation: 'INSERT', changes: [] },
    ],
    detail: {
      id: 7,
      number: 123,
      caseTypeId: 1,
      typeName: 'Incident',
      status: 'completed',
      priority: 'urgent',
      title: 'Fall in the hallway',
      clientId: 3,
      clientName: "Rosa O'Brien-Núñez",
      reportedAt: '2031-03-07T01:00:00Z',
      overdue: true,
      branchId: 1,
      description: 'Client slipped on the rug on her way to the kitchen; bruised left arm.',
      occurredAt: '2031-03-07T00:40:00Z',
      shiftId: 9,
      shiftStart: '2031-03-06T23:00:00Z',
      caregivers: [{ caregiverId: 4, name: 'Cara Giver' }],
      reportedBy: { userId: 5, name: 'Cara Giver' },
      assignee: { userId: 6, name: 'Bo Manager' },
      deadlines: {
        acknowledge: due('2031-03-07T03:00:00.000Z', '2031-03-07T02:00:00.000Z', false),
        stateReport: due('2031-03-08T01:00:00.000Z', null, true),
        resolve: due('2031-03-10T01:00:00.000Z', '2031-03-09T15:00:00.000Z', false),
      },
      stateReportNote: null,
      completedAt: '2031-03-09T15:00:00Z',
      cancelledAt: null,
      lastReason: null,
      modules: [],
      comments: [
        {
          id: 1,
          author: { userId: 6, name: 'Bo Manager' },
          body: 'Rug removed with the family.',
          createdAt: '2031-03-07T03:00:00Z',
        },
      ],
      attachments: [
        { id: 1, filename: 'hallway.jpg', size: 2048, contentType: 'image/jpeg', createdAt: '2031-03-07T01:00:00Z' },
        { id: 2, filename: 'statement.pdf', size: 90_000, contentType: 'application/pdf', createdAt: '2031-03-07T05:00:00Z' },
      ],
      allowedTransitions: ['in-progress'],
      canWork: true,
      ...overrides,
    },
  };
}
