import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { adminQuery, databaseUrl, prepareTemplate } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: { serverUrl: string; name: string } | null;
  }
}

/**
 * Builds one migrated, seeded database before the run, so each test file starts from a copy instead of
 * migrating: a PGlite data-dir dump, and with TEST_DATABASE_URL a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-test-'));
  const dumpPath = path.join(dir, 'template.tar.gz');
  const pglite = await openPglite(undefined);
  await prepareTemplate(pglite);
  const dump = await pglite.pglite.dumpDataDir('gzip');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDumpPath', dumpPath);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (serverUrl) {
    template = `hearth_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    const database = openPostgres(databaseUrl(serverUrl, template), 2);
    await prepareTemplate(database);
    await database.close();
  }
  project.provide('postgresTemplate', serverUrl && template ? { serverUrl, name: template } : null);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (serverUrl && template) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
