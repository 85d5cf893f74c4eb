/**
 * A stand-in for the care forms server in the offline tests: careForms.create keeps each clientRecordId once (a resend
 * answers the form already created, as withReceipt does), saveInProgress and complete need the form in progress,
 * complete refuses answers without `required` answered (the server's validateResponse, a 400 with problems by
 * linkId). It can be taken offline, made to refuse a form, and made to run a step while a call is in flight (the
 * caregiver typing during a sync). The clock is the test's.
 */
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { syncOutcome } from '@/api/sync-outcome';
import type { CareFormsSender } from './care-forms-offline.sync';
import type { QuestionnaireResponseItem } from './care-forms-offline.records';

/** A form as the fake server holds it. */
export interface FakeForm {
  id: number;
  clientRecordId: string | null;
  clientId: number;
  typeId: number;
  shiftId: number | null;
  items: QuestionnaireResponseItem[];
  status: 'in-progress' | 'completed';
  signature: string | null;
}

/** An error as the tRPC client gives one: a code in `data`, or none for a failed fetch. */
export function apiError(message: string, code: string, problems?: Record<string, string>): Error {
  return Object.assign(new Error(message), { data: { code, problems } });
}

/** One string answer. */
export function answer(linkId: string, value: string): QuestionnaireResponseItem {
  return { linkId, answer: [{ valueString: value }] };
}

/** A signature as the phone draws it. */
export const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

const DAY = 24 * 60 * 60 * 1000;

/** The fake server, its sender and its clock. */
export function testServer() {
  const forms: FakeForm[] = [];
  const state = {
    online: true,
    clock: Date.parse('2031-03-01T10:00:00.000Z'),
    calls: [] as string[],
    /** Form ids (or 'create') refused for good with this error. */
    refuse: new Map<number | 'create', Error>(),
    /** Runs while the next call is in flight (after the server stored it, before the answer arrives). */
    during: null as (() => Promise<void>) | null,
  };
  const detailOf = (form: FakeForm): CareFormDetail =>
    ({
      id: form.id,
      status: form.status,
      items: form.items,
      typeId: form.typeId,
      clientId: form.clientId,
      shiftId: form.shiftId,
      typeName: 'Supervisory visit',
      clientName: 'Edith Marlow',
      updatedAt: new Date(state.clock).toISOString(),
    }) as unknown as CareFormDetail;
  const answerWith = async (form: FakeForm) => {
    const during = state.during;
    state.during = null;
    if (during) await during();
    return detailOf(form);
  };
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));
  const held = (id: number) => {
    const form = forms.find((f) => f.id === id);
    if (!form) throw apiError(`Care form ${id} not found`, 'NOT_FOUND');
    const refusal = state.refuse.get(id);
    if (refusal) throw refusal;
    if (form.status !== 'in-progress') throw apiError('The form is already signed', 'BAD_REQUEST');
    return form;
  };
  const sender: CareFormsSender = {
    create: async (input) => {
      state.calls.push(`create ${input.clientRecordId}`);
      if (!state.online) return offline();
      const refusal = state.refuse.get('create');
      if (refusal) throw refusal;
      let form = forms.find((f) => f.clientRecordId === input.clientRecordId);
      if (!form) {
        form = {
          id: forms.length + 101,
          clientRecordId: input.clientRecordId ?? null,
          clientId: input.clientId,
          typeId: input.typeId,
          shiftId: input.shiftId ?? null,
          items: input.items ?? [],
          status: 'in-progress',
          signature: null,
        };
        forms.push(form);
      }
      return answerWith(form);
    },
    save: async ({ id, items }) => {
      state.calls.push(`save ${id}`);
      if (!state.online) return offline();
      const form = held(id);
      form.items = items;
      return answerWith(form);
    },
    complete: async ({ id, items, signature }) => {
      state.calls.push(`complete ${id}`);
      if (!state.online) return offline();
      const form = held(id);
      if (!items.some((i) => i.linkId === 'required')) {
        throw apiError('The form has problems', 'BAD_REQUEST', { required: 'An answer is required' });
      }
      Object.assign(form, { items, signature, status: 'completed' });
      return answerWith(form);
    },
    outcome: syncOutcome,
    reasonOf: (error) => (error instanceof Error ? error.message : String(error)),
    problemsOf: (error) => (error as { data?: { problems?: Record<string, string> } }).data?.problems ?? {},
    now: () => state.clock,
  };
  /** Adds a form the office assigned (in progress). */
  const assign = (items: QuestionnaireResponseItem[] = []): FakeForm => {
    const form: FakeForm = {
      id: forms.length + 101,
      clientRecordId: null,
      clientId: 5,
      typeId: 3,
      shiftId: 9,
      items,
      status: 'in-progress',
      signature: null,
    };
    forms.push(form);
    return form;
  };
  /** Moves the clock on by days. */
  const advanceDays = (days: number) => {
    state.clock += days * DAY;
  };
  return { forms, state, sender, assign, advanceDays, detailOf };
}
