import { sql } from 'drizzle-orm';
import { ZCreateClientAddressInput, ZCreateClientInput } from '@hearth/shared/clients/clients.schema';
import { ROLE_IDS } from '@hearth/shared/roles/roles.constants';
import type { ClientStatus } from '@hearth/shared/clients/clients.constants';
import { clientMaySignIn } from '../clients/clients.service';
import { ADDRESS_FIELDS, addressOf, checkPeople, type PersonCandidate, type PersonKind } from './file-imports.people';
import {
  errorRow,
  externalIdField,
  issuesMessage,
  labelsOf,
  recordset,
  type ImportField,
  type ImportTargetDefinition,
  type RowOutcome,
} from './file-imports.target';

/**
 * The clients target: a row creates or updates a client (ZCreateClientInput, as createClient validates it) and its
 * primary address (ZCreateClientAddressInput), keyed by clients.external_id within the import's company.
 */

const PERSON_FIELDS: ImportField[] = [
  externalIdField('Client ID', "The client's id in the system the file comes from; importing it again updates that client"),
  { key: 'firstName', label: 'First name', required: true, description: 'Given name' },
  { key: 'lastName', label: 'Last name', required: true, description: 'Family name' },
  { key: 'dateOfBirth', label: 'Date of birth', required: false, description: 'YYYY-MM-DD (date reads M/D/YYYY too)' },
  { key: 'gender', label: 'Gender', required: false, description: 'F, M or any text' },
  { key: 'preferredLanguage', label: 'Preferred language', required: false, description: 'e.g. English, Spanish' },
  { key: 'phoneNumber', label: 'Phone', required: false, description: 'At least 7 digits' },
  { key: 'email', label: 'Email', required: false, description: 'Email address' },
  { key: 'medicaidId', label: 'Medicaid ID', required: false, description: "The client's Medicaid number" },
  {
    key: 'status',
    label: 'Status',
    required: false,
    description: 'active, on_hold, discharged or deceased; empty keeps the status (new clients: active)',
  },
  { key: 'notes', label: 'Notes', required: false, description: 'Free text' },
];

/** Person field -> clients column; the same values createClient stores (personFields in clients.service.ts). */
const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  dateOfBirth: 'date_of_birth',
  gender: 'gender',
  preferredLanguage: 'preferred_language',
  phoneNumber: 'phone_number',
  email: 'email',
  medicaidId: 'medicaid_id',
  status: 'status',
  notes: 'notes',
} as const;

const CLIENTS: PersonKind = {
  table: 'clients',
  addressTable: 'client_addresses',
  ownerColumn: 'client_id',
  keyColumn: 'external_id',
  noun: 'client',
  columns: {
    first_name: 'text',
    last_name: 'text',
    date_of_birth: 'date',
    gender: 'text',
    preferred_language: 'text',
    phone_number: 'text',
    email: 'text',
    medicaid_id: 'text',
    status: 'text',
    notes: 'text',
    care_plan_tasks: 'jsonb',
  },
  newAddress: { label: 'Home' },
  /** As updateClient: a discharged or deceased client's own sign-in is deactivated, and back with active / on hold. */
  async syncUsers(db, people) {
    const rows = people
      .filter((p) => 'status' in p.columns)
      .map((p) => ({ id: p.userId, is_active: clientMaySignIn(p.columns.status as ClientStatus) }));
    if (rows.length === 0) return;
    await db.execute(sql`update users u set is_active = v.is_active, updated_at = now()
      from ${recordset(rows, { id: 'int', is_active: 'bool' })}
      where u.id = v.id and u.role_id = ${ROLE_IDS.client} and u.is_active <> v.is_active`);
  },
};

const LABELS = labelsOf(PERSON_FIELDS, { branchId: 'Branch' });

/** A row as createClient's input (only the fields the file gives), validated; or the row's error. */
function candidateOf(branchId: number, row: PersonCandidate['row']): PersonCandidate | RowOutcome {
  const v = row.values;
  const input: Record<string, unknown> = { branchId };
  for (const key of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    if (!(key in v)) continue;
    // An empty status keeps the client's status (a Synthea patient without a date of death stays as they are).
    if (key === 'status' && v.status === '') continue;
    input[key] = key === 'dateOfBirth' ? v.dateOfBirth || null : v[key];
  }
  const parsed = ZCreateClientInput.safeParse(input);
  if (!parsed.success) return errorRow(row, issuesMessage(parsed.error, LABELS));
  const p = parsed.data;
  const columns: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS)) {
    if (!(key in input)) continue;
    const value = p[key as keyof typeof p];
    if (key === 'email') columns[column] = (value as string | null | undefined)?.toLowerCase() || null;
    else if (key === 'firstName' || key === 'lastName' || key === 'status') columns[column] = value;
    else columns[column] = value || null;
  }
  const { address, warning } = addressOf(v, ZCreateClientAddressInput, 'clientId');
  return { row, columns, createColumns: { status: p.status ?? 'active', care_plan_tasks: [] }, address, warning };
}

/** Clients (and their primary address) by external id; see the file's comment. */
export const clientsTarget: ImportTargetDefinition = {
  target: 'clients',
  branchLevel: true,
  actions: ['createClient', 'updateClient'],
  fields: [...PERSON_FIELDS, ...ADDRESS_FIELDS],
  checkBatch: (ctx, rows) => checkPeople(rows, (row) => candidateOf(ctx.branch!.id, row), CLIENTS),
};
