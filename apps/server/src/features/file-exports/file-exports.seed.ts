import type { Db } from '../../db/client';
import {
  FILE_EXPORT_DEFAULT_RETENTION_HOURS,
  type FileExportFormat,
  type FileExportKind,
} from '@hearth/shared/file-exports/file-exports.constants';
import { parseFileExportSettings } from '@hearth/shared/file-exports/file-exports.kinds';
import { fileExportTypes } from './file-exports.schema';

/** A built-in export type: name, label, description, kind and format (settings start at the kind's defaults). */
interface BuiltInType {
  name: string;
  label: string;
  description: string;
  kind: FileExportKind;
  format: FileExportFormat;
}

/** The export types every agency starts with (issue: imports and exports, item 4). */
export const BUILT_IN_FILE_EXPORT_TYPES: BuiltInType[] = [
  {
    name: 'clients',
    label: 'Clients',
    description: 'The clients list with its filters, sort and columns, as CSV or XLSX.',
    kind: 'clients',
    format: 'csv',
  },
  {
    name: 'caregivers',
    label: 'Caregivers',
    description: 'The caregivers list with its filters, sort and columns, as CSV or XLSX.',
    kind: 'caregivers',
    format: 'csv',
  },
  {
    name: 'shifts',
    label: 'Shifts',
    description: 'The shifts list with its filters, sort and columns, as CSV or XLSX.',
    kind: 'shifts',
    format: 'csv',
  },
  {
    name: 'payroll-adp',
    label: 'ADP payroll',
    description:
      'Regular and overtime hours, mileage and cash advance deductions per caregiver for a pay period, as an ADP Workforce Now paydata (EPI) CSV keyed by the ADP file number.',
    kind: 'payroll_adp',
    format: 'csv',
  },
  {
    name: 'billing',
    label: 'Billing',
    description:
      'Billable visits per payer source for a period: client, Medicaid ID, service code, units, rate and amount; EVV payers only with verified visits.',
    kind: 'billing',
    format: 'csv',
  },
  {
    name: 'evv-sandata',
    label: 'Sandata EVV visits',
    description: 'Clients, employees and visits (calls and visit changes) in the Sandata alternate EVV JSON layout.',
    kind: 'evv_sandata',
    format: 'json',
  },
  {
    name: 'evv-hhaexchange',
    label: 'HHAeXchange EVV visits',
    description: 'Visits in the HHAeXchange Homecare EDI "EVV Visit Import" CSV layout.',
    kind: 'evv_hhaexchange',
    format: 'csv',
  },
];

/**
 * Inserts the built-in export types that are missing, with the kind's default settings and a retention of
 * FILE_EXPORT_DEFAULT_RETENTION_HOURS; an existing type is never overwritten, so an admin's edits stay.
 * Idempotent; runs at every start (after ensureRoles) on both engines.
 */
export async function ensureFileExportTypes(db: Db): Promise<void> {
  await db
    .insert(fileExportTypes)
    .values(
      BUILT_IN_FILE_EXPORT_TYPES.map((t) => ({
        ...t,
        retentionHours: FILE_EXPORT_DEFAULT_RETENTION_HOURS,
        settings: parseFileExportSettings(t.kind, {}).settings ?? {},
      })),
    )
    .onConflictDoNothing({ target: fileExportTypes.name });
}
