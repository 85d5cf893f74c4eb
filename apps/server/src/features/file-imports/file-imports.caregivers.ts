import { sql } from 'drizzle-orm';
import { ZCreateCaregiverAddressInput, ZCreateCaregiverInput } from '@hearth/shared/caregivers/caregivers.schema';
import type { CaregiverStatus } from '@hearth/shared/caregivers/caregivers.constants';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import { loginAllowed } from '../caregivers/caregivers.service';
import { ADDRESS_FIELDS, addressOf, checkPeople, type PersonCandidate, type PersonKind } from './file-imports.people';
import {
  errorRow,
  externalIdField,
  issuesMessage,
  labelsOf,
  listOf,
  numberOrText,
  recordset,
  type ImportField,
  type ImportTargetDefinition,
  type RowOutcome,
} from './file-imports.target';

/**
 * The caregivers target (caregivers.external_id) and the ADP employees target (caregivers.adp_file_number, the
 * "File Number" of an ADP Workforce Now employee export): a row creates or updates a caregiver
 * (ZCreateCaregiverInput, as createCaregiver validates it) and its primary address (ZCreateCaregiverAddressInput).
 */

const NAME_FIELDS: ImportField[] = [
  { key: 'firstName', label: 'First name', required: true, description: 'Given name' },
  { key: 'lastName', label: 'Last name', required: true, description: 'Family name' },
];

const HR_FIELDS: ImportField[] = [
  { key: 'email', label: 'Email', required: false, description: 'Email address' },
  { key: 'phoneNumber', label: 'Phone', required: false, description: 'At least 7 digits' },
  { key: 'gender', label: 'Gender', required: false, description: 'F, M or X (gender_mf reads Female / Male)' },
  { key: 'dateOfBirth', label: 'Date of birth', required: false, description: 'YYYY-MM-DD' },
  { key: 'hireDate', label: 'Hire date', required: false, description: 'YYYY-MM-DD' },
  {
    key: 'status',
    label: 'Status',
    required: false,
    description: 'applicant, active, inactive or terminated; empty keeps the status (new caregivers: applicant)',
  },
];

const EXTRA_FIELDS: ImportField[] = [
  { key: 'adpFileNumber', label: 'ADP file number', required: false, description: 'The payroll export key' },
  { key: 'skills', label: 'Skills', required: false, description: 'Separated by ; or ,' },
  { key: 'languages', label: 'Languages', required: false, description: 'Separated by ; or ,' },
  { key: 'maxWeeklyHours', label: 'Max weekly hours', required: false, description: 'Whole hours, 1 to 168' },
  { key: 'notes', label: 'Notes', required: false, description: 'Free text' },
];

/** Caregiver field -> caregivers column; the same values createCaregiver stores. */
const COLUMNS: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phoneNumber: 'phone_number',
  gender: 'gender',
  dateOfBirth: 'date_of_birth',
  hireDate: 'hire_date',
  status: 'status',
  adpFileNumber: 'adp_file_number',
  skills: 'skills',
  languages: 'languages',
  maxWeeklyHours: 'max_weekly_hours',
  notes: 'notes',
};

function kindOf(keyColumn: PersonKind['keyColumn']): PersonKind {
  return {
    table: 'caregivers',
    addressTable: 'caregiver_addresses',
    ownerColumn: 'caregiver_id',
    keyColumn,
    noun: 'caregiver',
    columns: {
      first_name: 'text',
      last_name: 'text',
      email: 'text',
      phone_number: 'text',
      gender: 'text',
      date_of_birth: 'date',
      hire_date: 'date',
      status: 'text',
      adp_file_number: 'text',
      pay_rates: 'jsonb',
      skills: 'jsonb',
      languages: 'jsonb',
      availability: 'jsonb',
      max_weekly_hours: 'int',
      notes: 'text',
    },
    newAddress: {},
    /** As updateCaregiver's syncLogin: the caregiver's sign-in keeps their name and phone and follows the status. */
    async syncUsers(db, people) {
      const rows = people.map(({ userId, columns: c }) => ({
        id: userId,
        first_name: c.first_name,
        last_name: c.last_name,
        phone_number: c.phone_number,
        is_active: loginAllowed(c.status as CaregiverStatus),
      }));
      await db.execute(sql`update users u set first_name = v.first_name, last_name = v.last_name,
          name = v.first_name || ' ' || v.last_name, phone_number = v.phone_number, is_active = v.is_active, updated_at = now()
        from ${recordset(rows, { id: 'int', first_name: 'text', last_name: 'text', phone_number: 'text', is_active: 'bool' })}
        where u.id = v.id and u.role_id = ${ROLE_IDS.caregiver}`);
    },
  };
}

/** A row as createCaregiver's input (only the fields the file gives), validated; or the row's error. */
function candidateOf(
  branchId: number,
  row: PersonCandidate['row'],
  labels: Record<string, string>,
): PersonCandidate | RowOutcome {
  const v = row.values;
  const input: Record<string, unknown> = { branchId };
  for (const key of Object.keys(COLUMNS)) {
    if (!(key in v)) continue;
    if (key === 'status' && v.status === '') continue;
    if (key === 'skills' || key === 'languages') input[key] = listOf(v[key]);
    else if (key === 'maxWeeklyHours') input[key] = numberOrText(v[key]) ?? null;
    else input[key] = v[key];
  }
  const parsed = ZCreateCaregiverInput.safeParse(input);
  if (!parsed.success) return errorRow(row, issuesMessage(parsed.error, labels));
  const p = parsed.data as Record<string, unknown>;
  const columns: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS)) if (key in input) columns[column] = p[key] ?? null;
  const { address, warning } = addressOf(v, ZCreateCaregiverAddressInput, 'caregiverId');
  return {
    row,
    columns,
    createColumns: { status: p.status, pay_rates: [], skills: p.skills, languages: p.languages, availability: [] },
    address,
    warning,
  };
}

/** A caregiver target keyed by `keyColumn`; the ADP one maps the key to adp_file_number. */
function caregiverTarget(target: 'caregivers' | 'adp_employees'): ImportTargetDefinition {
  const adp = target === 'adp_employees';
  const fields = adp
    ? [
        externalIdField('File number', "The employee's ADP file number; importing it again updates that caregiver"),
        ...NAME_FIELDS,
        ...HR_FIELDS,
        ...ADDRESS_FIELDS,
      ]
    : [
        externalIdField('Caregiver ID', "The caregiver's id in the system the file comes from; importing it again updates them"),
        ...NAME_FIELDS,
        ...HR_FIELDS,
        ...EXTRA_FIELDS,
        ...ADDRESS_FIELDS,
      ];
  const labels = labelsOf(fields, { branchId: 'Branch' });
  const kind = kindOf(adp ? 'adp_file_number' : 'external_id');
  return {
    target,
    branchLevel: true,
    actions: ['createCaregiver', 'updateCaregiver'],
    fields,
    checkBatch: (ctx, rows) => checkPeople(rows, (row) => candidateOf(ctx.branch!.id, row, labels), kind),
  };
}

/** Caregivers by external id. */
export const caregiversTarget = caregiverTarget('caregivers');

/** ADP employees: caregivers by ADP file number (a payroll export of the agency's employees). */
export const adpEmployeesTarget = caregiverTarget('adp_employees');
