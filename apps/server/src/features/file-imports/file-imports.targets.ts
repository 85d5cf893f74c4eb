import type { FileImportTarget } from '@hearth/shared/file-imports/file-imports.constants';
import { clientsTarget } from './file-imports.clients';
import { adpEmployeesTarget, caregiversTarget } from './file-imports.caregivers';
import { payerSourcesTarget } from './file-imports.payer-sources';
import { authorizationsTarget } from './file-imports.authorizations';
import { shiftsTarget } from './file-imports.shifts';
import type { ImportTargetDefinition } from './file-imports.target';

/** Every import target (FILE_IMPORT_TARGETS) with its fields and batch upsert. */
export const FILE_IMPORT_TARGET_DEFINITIONS: Record<FileImportTarget, ImportTargetDefinition> = {
  clients: clientsTarget,
  caregivers: caregiversTarget,
  payer_sources: payerSourcesTarget,
  authorizations: authorizationsTarget,
  shifts: shiftsTarget,
  adp_employees: adpEmployeesTarget,
};
