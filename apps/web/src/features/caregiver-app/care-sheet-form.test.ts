import { describe, expect, it } from 'vitest';
import { careSheetRuleErrors } from '@hearth/shared/care-sheets/care-sheets.schema';
import {
  careSheetFieldsOf,
  careSheetFormErrors,
  careSheetFormValues,
  serverErrorsOnForm,
  taskChoices,
  type CareSheetFormValues,
} from './care-sheet-form';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

const blank = careSheetFormValues(null);
const signed: CareSheetFormValues = { ...blank, clientDrawing: PNG, caregiverDrawing: PNG };

describe('care sheet form', () => {
  it('starts blank with signatures chosen, and from the answers saved before', () => {
    expect(blank).toMatchObject({ completed_tasks: [], miles: '', clientMode: 'signature', caregiverMode: 'signature' });
    const again = careSheetFormValues({
      completed_tasks: ['Bathing'],
      client_unable_to_sign_reason: 'Asleep',
      caregiver_initials: PNG,
      transportation_data: { miles: 3.5, trips: 1 },
    });
    expect(again).toMatchObject({
      completed_tasks: ['Bathing'],
      clientMode: 'unable',
      client_unable_to_sign_reason: 'Asleep',
      caregiverMode: 'initials',
      caregiverDrawing: PNG,
      miles: 3.5,
      trips: 1,
    });
  });

  it('sends only the chosen way of signing, and no transportation when none was typed', () => {
    const fields = careSheetFieldsOf({ ...signed, clientMode: 'initials', caregiver_comment: '  ' });
    expect(fields).toMatchObject({
      client_initials: PNG,
      client_signature: null,
      caregiver_signature: PNG,
      caregiver_initials: null,
      caregiver_comment: null,
      transportation_data: null,
    });
    const unable = careSheetFieldsOf({ ...signed, clientMode: 'unable', client_unable_to_sign_reason: ' Hand injury ' });
    expect(unable.client_signature).toBeNull();
    expect(unable.client_initials).toBeNull();
    expect(unable.client_unable_to_sign_reason).toBe('Hand injury');
    expect(careSheetFieldsOf({ ...signed, miles: 4 }).transportation_data).toEqual({ miles: 4, trips: 0 });
  });

  it('says what the server says when a signature is missing', () => {
    const rules = careSheetRuleErrors(careSheetFieldsOf(blank));
    const errors = careSheetFormErrors(blank);
    expect(errors.client).toBe(rules.client_signature);
    expect(errors.caregiver).toBe(rules.caregiver_signature);
    expect(careSheetFormErrors(signed)).toEqual({});
  });

  it('asks for the reason when the client could not sign, and drops a drawing left from before', () => {
    const unable = { ...signed, clientMode: 'unable' as const, client_unable_to_sign_reason: '' };
    expect(careSheetFormErrors(unable).reason).toMatch(/reason/);
    expect(careSheetFormErrors({ ...unable, client_unable_to_sign_reason: 'Sleeping' })).toEqual({});
  });

  it('puts schema errors on the transportation inputs', () => {
    expect(careSheetFormErrors({ ...signed, miles: -1 }).miles).toBe('Miles cannot be negative');
    expect(careSheetFormErrors({ ...signed, trips: 1.5 }).trips).toBe('Trips are whole');
  });

  it('places server field errors on the inputs', () => {
    expect(
      serverErrorsOnForm({ 'transportation_data.trips': 'At most 100 trips', client_signature: 'x', other: 'y' }, 'unable'),
    ).toEqual({ trips: 'At most 100 trips', reason: 'x' });
  });

  it('keeps a task ticked before that the plan no longer lists', () => {
    expect(taskChoices({ tasks: ['Bathing', 'Laundry'] }, ['Laundry', 'Shopping'])).toEqual(['Bathing', 'Laundry', 'Shopping']);
  });
});
