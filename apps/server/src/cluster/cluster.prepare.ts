import type { Config } from '../config';
import { loadAuthSecret } from '../auth/secret';
import { loadVapidKeys } from '../features/notify/push.keys';
import { openPostgres } from '../db/client';
import { upgradeDatabase } from '../db/upgrade';
import { underStartLock } from './start-lock';

/**
 * What the primary of several server processes does once before forking them (cluster.primary.ts runPrimary):
 * - the session secret and the web push keys generated into DATA_DIR when not configured (auth/secret.ts,
 *   push.keys.ts), so every process reads the same ones instead of each writing its own (sessions signed by one
 *   process must hold on the others, and a browser's push subscription is bound to one public key);
 * - the database upgrade (migrations, job queues, default roles), under the start lock (start-lock.ts) in case
 *   other machines start at the same time.
 * @param config the loaded configuration; its databaseUrl must be set (processCountOf refuses otherwise).
 * @throws when PostgreSQL cannot be reached or the upgrade fails.
 */
export async function prepareSharedState(config: Config): Promise<void> {
  const url = config.databaseUrl;
  if (!url) throw new Error('Several server processes need DATABASE_URL');
  loadAuthSecret(config.authSecret, config.dataDir);
  loadVapidKeys(config.push, config.dataDir, config.publicUrl);
  const database = openPostgres(url, 2);
  try {
    await underStartLock(url, () => upgradeDatabase(database));
  } finally {
    await database.close();
  }
}
