import type { FileImportTarget } from '@hearth/shared/file-imports/file-imports.constants';
import type { Db } from '../../db/client';
import { fileImportTypes } from './file-imports.schema';

/**
 * The built-in import types (issue "imports and exports", item 3): Hearth's own layouts of clients, caregivers,
 * payer sources, authorizations and shifts, an ADP Workforce Now employee export, and the Synthea CSV files
 * (patients.csv, providers.csv, payers.csv; columns per the Synthea wiki's "CSV File Data Dictionary"). Headers
 * are matched by name (trimmed, case-insensitive), never by position, so files of other Synthea versions, which
 * add or move columns, still import.
 */

type Mapping = Record<string, { header: string; transform?: string }>;

/** A built-in type as seeded. */
interface BuiltInType {
  name: string;
  label: string;
  description: string;
  target: FileImportTarget;
  mapping: Mapping;
  defaults: Record<string, unknown>;
}

/** The mapping of a primary address under Hearth's own header names. */
const ADDRESS: Mapping = {
  addressLine1: { header: 'Address' },
  addressLine2: { header: 'Address 2' },
  city: { header: 'City' },
  state: { header: 'State', transform: 'state_name_to_code' },
  zip: { header: 'ZIP', transform: 'zip' },
  lat: { header: 'Latitude', transform: 'number' },
  lon: { header: 'Longitude', transform: 'number' },
};

/** Synthea's address columns (patients.csv and providers.csv name them alike). */
const SYNTHEA_ADDRESS: Mapping = {
  addressLine1: { header: 'ADDRESS' },
  city: { header: 'CITY' },
  state: { header: 'STATE', transform: 'state_name_to_code' },
  zip: { header: 'ZIP', transform: 'zip' },
  lat: { header: 'LAT', transform: 'number' },
  lon: { header: 'LON', transform: 'number' },
};

/** The built-in types, seeded by ensureFileImportTypes; an admin may edit their mappings afterwards. */
export const BUILT_IN_FILE_IMPORT_TYPES: BuiltInType[] = [
  {
    name: 'clients',
    label: 'Clients',
    description: 'Clients with their primary address, one per row, keyed by Client ID',
    target: 'clients',
    mapping: {
      externalId: { header: 'Client ID' },
      firstName: { header: 'First Name' },
      lastName: { header: 'Last Name' },
      dateOfBirth: { header: 'Date of Birth', transform: 'date' },
      gender: { header: 'Gender', transform: 'gender_mf' },
      preferredLanguage: { header: 'Preferred Language' },
      phoneNumber: { header: 'Phone' },
      email: { header: 'Email' },
      medicaidId: { header: 'Medicaid ID' },
      status: { header: 'Status', transform: 'code' },
      notes: { header: 'Notes' },
      ...ADDRESS,
    },
    defaults: {},
  },
  {
    name: 'caregivers',
    label: 'Caregivers',
    description: 'Caregivers with their primary address, one per row, keyed by Caregiver ID',
    target: 'caregivers',
    mapping: {
      externalId: { header: 'Caregiver ID' },
      firstName: { header: 'First Name' },
      lastName: { header: 'Last Name' },
      email: { header: 'Email' },
      phoneNumber: { header: 'Phone' },
      gender: { header: 'Gender', transform: 'gender_mf' },
      dateOfBirth: { header: 'Date of Birth', transform: 'date' },
      hireDate: { header: 'Hire Date', transform: 'date' },
      status: { header: 'Status', transform: 'code' },
      adpFileNumber: { header: 'ADP File Number' },
      skills: { header: 'Skills' },
      languages: { header: 'Languages' },
      maxWeeklyHours: { header: 'Max Weekly Hours', transform: 'number' },
      notes: { header: 'Notes' },
      ...ADDRESS,
    },
    defaults: {},
  },
  {
    name: 'payer-sources',
    label: 'Payer sources',
    description: 'Payer sources of the agency (no services), keyed by Payer Source ID',
    target: 'payer_sources',
    mapping: {
      externalId: { header: 'Payer Source ID' },
      name: { header: 'Name' },
      payerType: { header: 'Payer Type', transform: 'code' },
      payerId: { header: 'Claims Payer ID' },
      evvAggregator: { header: 'EVV Aggregator', transform: 'code' },
      requiresEvv: { header: 'Requires EVV', transform: 'yes_no' },
      isActive: { header: 'Active', transform: 'yes_no' },
    },
    defaults: {},
  },
  {
    name: 'authorizations',
    label: 'Authorizations',
    description: 'Authorizations of clients, naming the client and the payer source by their ids in the source system',
    target: 'authorizations',
    mapping: {
      externalId: { header: 'Authorization ID' },
      clientId: { header: 'Client ID' },
      payerSourceId: { header: 'Payer Source ID' },
      serviceCode: { header: 'Service Code', transform: 'upper' },
      modifiers: { header: 'Modifiers', transform: 'upper' },
      authorizationNumber: { header: 'Authorization Number' },
      unitsPerWeek: { header: 'Units Per Week', transform: 'number' },
      unitsPerMonth: { header: 'Units Per Month', transform: 'number' },
      unitsTotal: { header: 'Total Units', transform: 'number' },
      startDate: { header: 'Start Date', transform: 'date' },
      endDate: { header: 'End Date', transform: 'date' },
      notes: { header: 'Notes' },
    },
    defaults: {},
  },
  {
    name: 'shifts',
    label: 'Shifts',
    description: "Scheduled shifts (times on the branch's clock or ISO 8601), naming client, caregiver and payer by their ids",
    target: 'shifts',
    mapping: {
      externalId: { header: 'Shift ID' },
      clientId: { header: 'Client ID' },
      caregiverId: { header: 'Caregiver ID' },
      payerSourceId: { header: 'Payer Source ID' },
      serviceCode: { header: 'Service Code', transform: 'upper' },
      modifiers: { header: 'Modifiers', transform: 'upper' },
      start: { header: 'Start' },
      end: { header: 'End' },
      notes: { header: 'Notes' },
    },
    defaults: {},
  },
  {
    name: 'adp-employees',
    label: 'ADP employees',
    description: 'An ADP Workforce Now employee export: caregivers keyed by their ADP file number',
    target: 'adp_employees',
    mapping: {
      externalId: { header: 'File Number' },
      firstName: { header: 'Legal First Name' },
      lastName: { header: 'Legal Last Name' },
      hireDate: { header: 'Hire Date', transform: 'date' },
      status: { header: 'Position Status', transform: 'adp_position_status' },
      dateOfBirth: { header: 'Birth Date', transform: 'date' },
      gender: { header: 'Gender', transform: 'gender_mf' },
      email: { header: 'Personal Contact: Personal Email' },
      phoneNumber: { header: 'Personal Contact: Personal Mobile' },
      addressLine1: { header: 'Primary Address: Address Line 1' },
      addressLine2: { header: 'Primary Address: Address Line 2' },
      city: { header: 'Primary Address: City' },
      state: { header: 'Primary Address: State / Territory Code', transform: 'state_name_to_code' },
      zip: { header: 'Primary Address: Zip / Postal Code', transform: 'zip' },
    },
    defaults: {},
  },
  {
    name: 'synthea-patients',
    label: 'Synthea patients',
    description: "Synthea patients.csv as clients: names without Synthea's digits, DEATHDATE set means deceased",
    target: 'clients',
    mapping: {
      externalId: { header: 'Id' },
      firstName: { header: 'FIRST', transform: 'strip_digits' },
      lastName: { header: 'LAST', transform: 'strip_digits' },
      dateOfBirth: { header: 'BIRTHDATE', transform: 'date' },
      gender: { header: 'GENDER', transform: 'gender_mf' },
      status: { header: 'DEATHDATE', transform: 'non_empty_means_deceased' },
      ...SYNTHEA_ADDRESS,
    },
    defaults: {},
  },
  {
    name: 'synthea-providers',
    label: 'Synthea providers',
    description: "Synthea providers.csv as caregivers, at their organization's address",
    target: 'caregivers',
    mapping: {
      externalId: { header: 'Id' },
      firstName: { header: 'NAME', transform: 'synthea_given_name' },
      lastName: { header: 'NAME', transform: 'synthea_family_name' },
      gender: { header: 'GENDER', transform: 'gender_mf' },
      ...SYNTHEA_ADDRESS,
    },
    defaults: { status: 'active' },
  },
  {
    name: 'synthea-payers',
    label: 'Synthea payers',
    description: 'Synthea payers.csv as payer sources (company level), the payer type read from the name',
    target: 'payer_sources',
    mapping: {
      externalId: { header: 'Id' },
      name: { header: 'NAME' },
      payerType: { header: 'NAME', transform: 'synthea_payer_type' },
    },
    defaults: {},
  },
];

/**
 * Seeds the built-in import types that are missing (at every start, in the test template and the demo seed);
 * a type that exists is left as it is, so an admin's edits to its mapping survive upgrades. Idempotent.
 */
export async function ensureFileImportTypes(db: Db): Promise<void> {
  await db
    .insert(fileImportTypes)
    .values(BUILT_IN_FILE_IMPORT_TYPES.map((t) => ({ ...t, builtIn: true })))
    .onConflictDoNothing({ target: fileImportTypes.name });
}
