import type { Questionnaire } from 'fhir/r4';
import type { CareFormCategory } from './care-forms.constants';
import { CLIENT_INTAKE } from './built-in-intake';
import { CHANGE_OF_CONDITION, INCIDENT_REPORT, SUPERVISORY_VISIT } from './built-in-visit-forms';
import { countItems } from './questionnaire-builders';

/** The keys of the shipped care form types. */
export const BUILT_IN_TYPE_KEYS = ['client-intake', 'supervisory-visit', 'change-of-condition', 'incident-report'] as const;
export type BuiltInTypeKey = (typeof BUILT_IN_TYPE_KEYS)[number];

/** A shipped care form type: what careFormTypes.copyBuiltIn copies into an agency's own types. */
export interface BuiltInType {
  key: BuiltInTypeKey;
  name: string;
  category: CareFormCategory;
  /** Whether a caregiver may start it from the phone for a client of their visit. */
  caregiverMayStart: boolean;
  definition: Questionnaire;
}

/**
 * The care form types Hearth ships (issue 23 item 1: client intake, supervisory visit, change of condition,
 * incident report). An agency copies one into its own types (careFormTypes.copyBuiltIn) and edits the copy; the
 * shipped definitions are FHIR R4 Questionnaires of the supported subset. A caregiver may start a change of
 * condition or an incident report from the phone; intake and supervision are the nurse's.
 */
export const BUILT_IN_TYPES: readonly BuiltInType[] = [
  { key: 'client-intake', name: 'Client intake', category: 'intake', caregiverMayStart: false, definition: CLIENT_INTAKE },
  {
    key: 'supervisory-visit',
    name: 'Supervisory visit',
    category: 'supervisory',
    caregiverMayStart: false,
    definition: SUPERVISORY_VISIT,
  },
  {
    key: 'change-of-condition',
    name: 'Change of condition',
    category: 'change-of-condition',
    caregiverMayStart: true,
    definition: CHANGE_OF_CONDITION,
  },
  { key: 'incident-report', name: 'Incident report', category: 'incident', caregiverMayStart: true, definition: INCIDENT_REPORT },
];

/** The shipped type `key`, or undefined for a key Hearth does not ship. */
export function findBuiltInType(key: string): BuiltInType | undefined {
  return BUILT_IN_TYPES.find((t) => t.key === key);
}

/** The number of items of a built-in type's definition, nested ones included (careFormTypes.builtIns). */
export function builtInItemCount(type: BuiltInType): number {
  return countItems(type.definition.item);
}
