import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/client';
import { seedDemoAgency } from '../features/demo/demo.seed';
import { upgradeDatabase } from '../db/upgrade';

/**
 * Builds the template every test file starts from: upgraded as at every start (db/upgrade.ts) and the demo agency
 * seeded.
 */
export async function prepareTemplate(database: Database): Promise<void> {
  await upgradeDatabase(database);
  await seedDemoAgency(database.db);
}

/** Runs one statement on PostgreSQL's maintenance database (CREATE/DROP DATABASE cannot run in a pool). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh PostgreSQL database copied from the template; dropping it is part of close(). */
export async function openPostgresCopy(serverUrl: string, template: string): Promise<Database> {
  const name = `hearth_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = openPostgres(databaseUrl(serverUrl, name), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A fresh in-memory PGlite loaded from the template dump. */
export async function openPgliteCopy(dump: Blob): Promise<Database> {
  return openPglite(undefined, dump);
}
