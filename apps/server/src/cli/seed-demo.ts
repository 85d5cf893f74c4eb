import path from 'node:path';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { lockDataDir } from '../db/lock';
import { ensureRoles } from '../features/roles/roles.seed';
import { ensureFileImportTypes } from '../features/file-imports/file-imports.types';
import { ensureFileExportTypes } from '../features/file-exports/file-exports.seed';
import { isEmptyDatabase, seedDemoAgency } from '../features/demo/demo.seed';

/**
 * `npm run seed:demo`: migrates the database (DATABASE_URL, else the embedded one under DATA_DIR) and seeds the
 * demo agency. Refuses a database that already holds an agency, so real data is never mixed with demo data.
 */
async function main() {
  const config = loadConfig();
  const unlock = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, 2)
    : await openPglite(path.join(config.dataDir, 'pglite'));
  try {
    await database.migrate();
    await ensureRoles(database.db);
    await ensureFileImportTypes(database.db);
    await ensureFileExportTypes(database.db);
    if (!(await isEmptyDatabase(database.db))) {
      throw new Error('This database already holds an agency; the demo agency is only seeded into an empty database.');
    }
    const seeded = await seedDemoAgency(database.db);
    console.log(`Seeded the demo agency: ${seeded.users} users, ${seeded.clients} clients, ${seeded.caregivers} caregivers`);
  } finally {
    await database.close();
    await unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
