import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client';
import { adminQuery, databaseUrl, prepareTemplate } from '../test/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    clusterTemplate: { serverUrl: string; name: string };
  }
}

/** The PostgreSQL server of the cluster tests: TEST_DATABASE_URL, else the local one CI starts. */
export const CLUSTER_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * `npm run test:cluster`'s setup (vitest.cluster.config.ts): one migrated database with the demo agency, the
 * template each test file copies into a fresh database of its own; dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const name = `hearth_cluster_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await adminQuery(CLUSTER_SERVER_URL, `CREATE DATABASE ${name}`);
  try {
    const database = openPostgres(databaseUrl(CLUSTER_SERVER_URL, name), 2);
    await prepareTemplate(database);
    await database.close();
  } catch (error) {
    await adminQuery(CLUSTER_SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  project.provide('clusterTemplate', { serverUrl: CLUSTER_SERVER_URL, name });
  return async () => {
    await adminQuery(CLUSTER_SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

/**
 * A fresh database copied from the run's template (`inject('clusterTemplate')`).
 * @returns its URL and a function that drops it (closing what is still connected).
 */
export async function copyOfTemplate(template: { serverUrl: string; name: string }) {
  const name = `hearth_cluster_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  return {
    url: databaseUrl(template.serverUrl, name),
    drop: () => adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
