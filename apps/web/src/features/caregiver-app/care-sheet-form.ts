import {
  careSheetRuleErrors,
  ZCareSheetFields,
  type CareSheetCheckOutDetails,
  type CareSheetFields,
} from '@hearth/shared/care-sheets/care-sheets.schema';

/**
 * The check-out care sheet as a form (issue "caregiver app" item 5): the values the page edits, the care sheet
 * fields they become, and the errors of the shared schema (ZCareSheetFields + careSheetRuleErrors) placed on the
 * form's inputs, so the phone says exactly what the server would.
 */

/** How the client confirmed the visit: a signature, initials, or the reason they could not sign. */
export type ClientSignMode = 'signature' | 'initials' | 'unable';
/** How the caregiver signs the sheet. */
export type CaregiverSignMode = 'signature' | 'initials';

/** What the check-out form holds. Miles and trips are '' until typed (Mantine's NumberInput empty value). */
export interface CareSheetFormValues {
  completed_tasks: string[];
  caregiver_comment: string;
  miles: number | '';
  trips: number | '';
  clientMode: ClientSignMode;
  /** The client's drawing (a PNG data URL), a signature or initials as clientMode says. */
  clientDrawing: string | null;
  client_unable_to_sign_reason: string;
  caregiverMode: CaregiverSignMode;
  caregiverDrawing: string | null;
}

/** The inputs errors go to: 'client' and 'caregiver' are the signature blocks. */
export type CareSheetFormField = 'completed_tasks' | 'caregiver_comment' | 'miles' | 'trips' | 'client' | 'reason' | 'caregiver';

type PreviousAnswers = Partial<CareSheetFields> | null | undefined;

/**
 * The form's starting values: the answers saved before (on the server or on this phone), else a blank sheet.
 * Tasks no longer in the care plan stay ticked when they were ticked: they were done.
 */
export function careSheetFormValues(previous: PreviousAnswers): CareSheetFormValues {
  const p = previous ?? {};
  const clientMode: ClientSignMode = p.client_signature
    ? 'signature'
    : p.client_initials
      ? 'initials'
      : p.client_unable_to_sign_reason
        ? 'unable'
        : 'signature';
  return {
    completed_tasks: p.completed_tasks ?? [],
    caregiver_comment: p.caregiver_comment ?? '',
    miles: p.transportation_data?.miles ?? '',
    trips: p.transportation_data?.trips ?? '',
    clientMode,
    clientDrawing: p.client_signature ?? p.client_initials ?? null,
    client_unable_to_sign_reason: p.client_unable_to_sign_reason ?? '',
    caregiverMode: !p.caregiver_signature && p.caregiver_initials ? 'initials' : 'signature',
    caregiverDrawing: p.caregiver_signature ?? p.caregiver_initials ?? null,
  };
}

const trimmedOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The care sheet fields the form's values send: only the chosen way of signing is kept (a drawing left from
 * another choice is not sent), transportation is null when neither miles nor trips were given.
 */
export function careSheetFieldsOf(values: CareSheetFormValues): CareSheetFields {
  const drawing = values.clientMode === 'unable' ? null : values.clientDrawing;
  return {
    completed_tasks: values.completed_tasks,
    caregiver_comment: trimmedOrNull(values.caregiver_comment),
    transportation_data:
      values.miles === '' && values.trips === '' ? null : { miles: values.miles || 0, trips: values.trips || 0 },
    client_signature: values.clientMode === 'signature' ? drawing : null,
    client_initials: values.clientMode === 'initials' ? drawing : null,
    client_unable_to_sign_reason: values.clientMode === 'unable' ? trimmedOrNull(values.client_unable_to_sign_reason) : null,
    caregiver_signature: values.caregiverMode === 'signature' ? values.caregiverDrawing : null,
    caregiver_initials: values.caregiverMode === 'initials' ? values.caregiverDrawing : null,
  };
}

/** The form input an error of the care sheet fields (a zod path or a rule's key, as the server names it) shows on. */
export function formFieldOf(path: string, clientMode: ClientSignMode): CareSheetFormField | null {
  const [head, sub] = path.split('.');
  switch (head) {
    case 'completed_tasks':
    case 'caregiver_comment':
      return head;
    case 'transportation_data':
      return sub === 'trips' ? 'trips' : 'miles';
    case 'client_signature':
    case 'client_initials':
      return clientMode === 'unable' ? 'reason' : 'client';
    case 'client_unable_to_sign_reason':
      return 'reason';
    case 'caregiver_signature':
    case 'caregiver_initials':
      return 'caregiver';
    default:
      return null;
  }
}

/**
 * The errors of the form's values by the shared schema and rules, on the form's inputs (first message per input).
 * The client rule's message names every way out ("signs or initials, or give the reason"), so it shows on the
 * block the caregiver chose.
 */
export function careSheetFormErrors(values: CareSheetFormValues): Partial<Record<CareSheetFormField, string>> {
  const fields = careSheetFieldsOf(values);
  const errors: Partial<Record<CareSheetFormField, string>> = {};
  const parsed = ZCareSheetFields.safeParse(fields);
  const found: [string, string][] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]);
  found.push(...Object.entries(careSheetRuleErrors(fields)));
  for (const [path, message] of found) {
    const field = formFieldOf(path, values.clientMode);
    if (field) errors[field] ??= message;
  }
  return errors;
}

/** Server field errors ({path: message}) placed on the form's inputs. */
export function serverErrorsOnForm(
  fieldErrors: Record<string, string>,
  clientMode: ClientSignMode,
): Partial<Record<CareSheetFormField, string>> {
  const errors: Partial<Record<CareSheetFormField, string>> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = formFieldOf(path, clientMode);
    if (field) errors[field] ??= message;
  }
  return errors;
}

/** The care plan tasks to tick: the plan's, then any ticked before that the plan no longer lists. */
export function taskChoices(details: Pick<CareSheetCheckOutDetails, 'tasks'>, ticked: string[]): string[] {
  return [...details.tasks, ...ticked.filter((t) => !details.tasks.includes(t))];
}
