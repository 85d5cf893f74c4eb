/**
 * Benchmark of the view engine (issue: view engine, "Performance"): fills PostgreSQL with a large agency, then
 * times `queryView` over HTTP for a filtered, sorted page of clients against the same SQL run directly, median
 * and p95 over 200 calls each, and prints the ratio. Target: p95 under 100 ms and a ratio under 2.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/view-query.bench.ts
 *
 * Creates and drops its own database. Shifts (1,000,000 in the target) join this benchmark when the shifts table
 * and view exist.
 */
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { adminQuery, databaseUrl, prepareTemplate } from '../apps/server/src/test/test-database';
import { createAuth } from '../apps/server/src/auth/auth';
import { buildApp } from '../apps/server/src/app';
import { createLocalStorage } from '../apps/server/src/storage/local.storage';
import { runViewPage } from '../apps/server/src/features/views/views.query';
import { findView } from '../apps/server/src/features/views/views.catalog';
import type { Scope } from '../apps/server/src/auth/scope';
import { DEMO_PASSWORD } from '../packages/shared/src/app/app.constants';

const SIZES = { branches: 20, clients: 20_000, caregivers: 8_000 };
const CALLS = 200;
const WARMUP = 20;

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `hearth_bench_${randomUUID().replaceAll('-', '').slice(0, 8)}`;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function generate(db: ReturnType<typeof openPostgres>['db']) {
  const firstNames = `array['Ana','Ben','Carla','Dmitri','Elena','Farah','George','Hana','Ivan','Julia','Kofi','Lena','Marco','Nadia','Omar','Priya']`;
  const lastNames = `array['Anderson','Brown','Carlson','Davidson','Evans','Fischer','Garcia','Harrison','Ibrahim','Johnson','Kowalski','Lopez','Morrison','Nguyen','Olsen','Peterson','Quinn','Robinson','Smith','Thompson']`;
  await db.execute(
    sql.raw(`insert into branches (company_id, name, city, state, timezone)
      select 1, 'Bench branch ' || g, 'Springfield', 'MA', 'America/New_York' from generate_series(1, ${SIZES.branches}) g`),
  );
  await db.execute(
    sql.raw(`insert into clients (branch_id, first_name, last_name, status, date_of_birth, phone_number, medicaid_id)
      select (select min(id) from branches) + (g % ${SIZES.branches + 3}),
        (${firstNames})[1 + g % 16], (${lastNames})[1 + (g / 7) % 20],
        (array['active','active','active','on_hold','discharged','deceased'])[1 + g % 6],
        date '1930-01-01' + (g % 20000), '555-' || lpad((g % 10000)::text, 4, '0'), lpad(g::text, 12, '0')
      from generate_series(1, ${SIZES.clients}) g`),
  );
  await db.execute(
    sql.raw(`insert into client_addresses (client_id, line1, city, state, zip, lat, lon)
      select id, id || ' Main St', (array['Boston','Worcester','Springfield','Lowell'])[1 + id % 4], 'MA', '01103',
        42 + (id % 100) / 1000.0, -72 + (id % 100) / 1000.0 from clients`),
  );
  await db.execute(
    sql.raw(`insert into caregivers (branch_id, first_name, last_name, status)
      select (select min(id) from branches) + (g % ${SIZES.branches + 3}), (${firstNames})[1 + g % 16], (${lastNames})[1 + g % 20], 'active'
      from generate_series(1, ${SIZES.caregivers}) g`),
  );
  await db.execute(sql`update roles set view_permissions = view_permissions || '["clients"]'::jsonb where id = 2`);
  await db.execute(sql`analyze`);
}

async function main() {
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const database = openPostgres(databaseUrl(serverUrl, name), 10);
  try {
    console.log(`Generating ${SIZES.branches} branches, ${SIZES.clients} clients, ${SIZES.caregivers} caregivers...`);
    await prepareTemplate(database);
    await generate(database.db);

    const origin = 'http://localhost:3000';
    const auth = createAuth({
      db: database.db,
      secret: 'bench-secret-bench-secret-bench-secret-0123',
      baseUrl: origin,
      trustedOrigins: [origin],
      signInRateLimit: { max: 1000, windowSeconds: 60 },
    });
    // The benchmark uploads nothing; the storage directory is never created.
    const storage = createLocalStorage({
      rootDir: path.join(os.tmpdir(), `hearth-bench-files-${name}`),
      secret: 'bench-storage-secret',
    });
    const app = await buildApp({ db: database.db, auth, storage, publicUrl: origin, logLevel: 'silent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const signIn = await fetch(`${base}/api/auth/sign-in/username`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: 'companyadmin', password: DEMO_PASSWORD }),
    });
    const token = signIn.headers.get('set-auth-token')!;

    const state = {
      filters: [
        { column: 'status', operator: 'in' as const, value: ['active', 'on_hold'] },
        { column: 'lastName', operator: 'contains' as const, value: 'son' },
      ],
      sort: [{ column: 'lastName', direction: 'asc' as const }],
    };
    const input = { view: 'clients', ...state, page: 3, pageSize: 50 };
    const url = `${base}/api/trpc/queryView?input=${encodeURIComponent(JSON.stringify(input))}`;
    const viaHttp = async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`queryView answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const scope: Scope = {
      db: database.db,
      userId: 2,
      actorUserId: 2,
      roleId: 2,
      level: 'company',
      companyId: 1,
      branchIds: [],
      viewPermissions: ['clients'],
      tablePermissions: [],
    };
    const direct = () => runViewPage(scope, findView('clients')!, state, input.page, input.pageSize);

    const sample = (await direct()).totalCount;
    const http = stats(await time(viaHttp));
    const sqlOnly = stats(await time(direct));
    console.log(`clients page (filter status in 2 values + last name contains, sort last name, page 3 of ${sample} rows):`);
    console.log(`  queryView over HTTP: median ${http.median.toFixed(2)} ms, p95 ${http.p95.toFixed(2)} ms`);
    console.log(`  same SQL directly:   median ${sqlOnly.median.toFixed(2)} ms, p95 ${sqlOnly.p95.toFixed(2)} ms`);
    console.log(`  ratio (p95 HTTP / p95 SQL): ${(http.p95 / sqlOnly.p95).toFixed(2)}  (target < 2; p95 target < 100 ms)`);
    await app.close();
  } finally {
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
