import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { lockDataDir } from '../db/lock';
import { commandStorage } from '../cli/hearth.context';
import { fileImports } from '../features/file-imports/file-imports.schema';
import { startJobQueue } from './jobs.queue';
import { startWorkers } from './jobs.workers';

/**
 * A server's job side as a separate process, for the crash tests (jobs.interrupted-imports.integration.test.ts):
 * opens the database of DATA_DIR / DATABASE_URL as main.ts does (behind the embedded database's lock), starts the
 * queue and every worker, sends the `file-import` job of the import named by the first argument, then prints
 * "rows <done>" each time its progress changes, until it is killed.
 */
const config = loadConfig();
const fileImportId = Number(process.argv[2]);
let database: Database;
if (config.databaseUrl) database = openPostgres(config.databaseUrl);
else {
  await lockDataDir(config.dataDir);
  database = await openPglite(path.join(config.dataDir, 'pglite'));
}
const storage = await commandStorage(config);
const jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
await startWorkers(jobs, { db: database.db, storage, log: { info() {}, error: (line) => console.error(line) } });
const jobId = await jobs.send('file-import', { fileImportId });
await database.db.update(fileImports).set({ jobId }).where(eq(fileImports.id, fileImportId));
let shown = -1;
for (;;) {
  const [row] = await database.db
    .select({ rowsDone: fileImports.rowsDone })
    .from(fileImports)
    .where(eq(fileImports.id, fileImportId));
  if (row && row.rowsDone !== shown) {
    shown = row.rowsDone;
    console.log(`rows ${shown}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
