/**
 * Benchmark of the view engine (issue: view engine, "Performance"): on the large generated agency (large-agency.ts,
 * with 1,000,000 shifts), times `queryView` over HTTP against the same SQL run directly (runViewPage, no HTTP),
 * median and p95 over 200 calls each, and prints the ratio, for
 *   - a filtered, sorted page of clients (status in 2 values, last name contains, sort by last name, page 3);
 *   - a filtered, sorted page of shifts (one branch, by id and by name; one month; status scheduled; sorted by
 *     start).
 * Targets: p95 under 100 ms and a ratio under 2.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:views
 *
 * Creates and drops its own database. BENCH_SHIFTS sets another number of shifts (default 1,000,000).
 */
import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import type { ViewFilter, ViewSort } from '../packages/shared/src/views/views.schema';
import { runViewPage } from '../apps/server/src/features/views/views.query';
import { findView } from '../apps/server/src/features/views/views.catalog';
import { openLargeAgency, report, SIZES, startBenchServer, stats, timeInTurns, timePair, type BenchServer } from './large-agency';
import type { Scope } from '../apps/server/src/auth/scope';
import { branches } from '../apps/server/src/features/branches/branches.schema';

const BRANCH = 'Bench branch 5';

interface ViewCase {
  title: (totalCount: number) => string;
  view: string;
  filters: ViewFilter[];
  sort: ViewSort[];
  page: number;
}

async function measure(server: BenchServer, token: string, scope: Scope, c: ViewCase) {
  const state = { filters: c.filters, sort: c.sort };
  const input = { view: c.view, ...state, page: c.page, pageSize: 50 };
  const viaHttp = () => server.call('query', 'queryView', input, token);
  const direct = () => runViewPage(scope, findView(c.view)!, state, c.page, 50);
  const first = await direct();
  if (first.rows.length === 0) throw new Error(`The ${c.view} case selects no rows: nothing would be measured`);
  const { measured, baseline } = await timePair(viaHttp, direct);
  report(c.title(first.totalCount), measured, baseline, 'same SQL directly', 'target < 2; p95 target < 100 ms');
}

async function main() {
  const shifts = Number(process.env.BENCH_SHIFTS ?? SIZES.shifts);
  const agency = await openLargeAgency({ shifts });
  const server = await startBenchServer(agency.database);
  try {
    const token = await server.signIn('companyadmin');
    const scope = await server.scopeOf(token);

    await measure(server, token, scope, {
      title: (n) => `clients page (filter status in 2 values + last name contains, sort last name, page 3 of ${n} rows):`,
      view: 'clients',
      filters: [
        { column: 'status', operator: 'in', value: ['active', 'on_hold'] },
        { column: 'lastName', operator: 'contains', value: 'son' },
      ],
      sort: [{ column: 'lastName', direction: 'asc' }],
      page: 3,
    });

    // The fixed cost of any authenticated call (session lookup, caller, request transaction), for reading ratios.
    const [meta] = await timeInTurns([() => server.call('query', 'getBackendView', { view: 'shifts' }, token)]);
    const fixed = stats(meta!);
    console.log(
      `an authenticated call reading no rows (getBackendView over HTTP): median ${fixed.median.toFixed(2)} ms, p95 ${fixed.p95.toFixed(2)} ms`,
    );

    if (shifts > 0) {
      // Next month in the branch's zone: the generated shifts are mostly scheduled there. The branch is chosen by
      // its id (a link, a saved view) and by its name (what a person types in the table's filter).
      const month = DateTime.now().setZone('America/New_York').startOf('month').plus({ months: 1 });
      const [branch] = await agency.database.db.select({ id: branches.id }).from(branches).where(eq(branches.name, BRANCH));
      const range: ViewFilter = {
        column: 'startTimestamp',
        operator: 'between',
        value: [month.toUTC().toISO(), month.plus({ months: 1 }).minus({ milliseconds: 1 }).toUTC().toISO()],
      };
      for (const byBranch of [
        { how: 'branch id', filter: { column: 'branchId', operator: 'equals', value: branch!.id } },
        { how: 'branch name', filter: { column: 'branchName', operator: 'equals', value: BRANCH } },
      ] satisfies { how: string; filter: ViewFilter }[]) {
        await measure(server, token, scope, {
          title: (n) =>
            `shifts page (${byBranch.how}, ${month.toFormat('yyyy-MM')}, status scheduled, sort start, page 1 of ${n} rows; ${shifts.toLocaleString('en-US')} shifts):`,
          view: 'shifts',
          filters: [byBranch.filter, range, { column: 'status', operator: 'equals', value: 'scheduled' }],
          sort: [{ column: 'startTimestamp', direction: 'asc' }],
          page: 1,
        });
      }
    }
  } finally {
    await server.close();
    await agency.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
