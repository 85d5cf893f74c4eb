import type { Database } from './client';
import { installJobSchema } from '../jobs/jobs.queue';
import { ensureRoles } from '../features/roles/roles.seed';
import { ensureFileImportTypes } from '../features/file-imports/file-imports.types';
import { ensureFileExportTypes } from '../features/file-exports/file-exports.seed';
import { ensureCaseTypes } from '../features/cases/cases.defaults';

/**
 * Brings a database up to date, as every start does (the server, the command line, the test template): the SQL
 * migrations, pg-boss's schema and queues, the default roles with their new default permissions, and the built-in
 * import and export types. Idempotent: what exists is left as it is (an admin's edits included).
 */
export async function upgradeDatabase(database: Database): Promise<void> {
  await database.migrate();
  await installJobSchema(database);
  await ensureRoles(database.db);
  await ensureFileImportTypes(database.db);
  await ensureFileExportTypes(database.db);
  await ensureCaseTypes(database.db);
}
