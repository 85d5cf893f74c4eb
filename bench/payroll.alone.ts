/**
 * Payroll's memory in a process of its own (run by payroll.bench.ts as a child): in the benchmark's process the
 * baseline's turns read 1.5 million rows between payroll's, and V8 then lets payroll's garbage grow further before
 * collecting it, so that process's peak measures V8's heap sizing more than what payroll holds. Here one untimed
 * computePayrollReport (as the company admin, in a request's transaction) warms up, then one is measured.
 *
 * Input (environment): BENCH_PAYROLL_DATABASE_URL, the agency's database; BENCH_PAYROLL_FROM and BENCH_PAYROLL_TO,
 * the period (local dates). Output: one JSON line on stdout, {ms, rssBeforeMb, peakRssMb}: the measured call's
 * time, the process's RSS before it, and the process's peak RSS over its whole life (getrusage's maxrss, which the
 * warm-up call counts too), in MB.
 */
import { eq } from 'drizzle-orm';
import { callerOfUser } from '../apps/server/src/auth/caller-of-user';
import { openPostgres } from '../apps/server/src/db/client';
import { withRequestScope } from '../apps/server/src/db/request-scope';
import { computePayrollReport } from '../apps/server/src/features/payroll/payroll.service';
import { users } from '../apps/server/src/features/users/users.schema';

const database = openPostgres(process.env.BENCH_PAYROLL_DATABASE_URL!, 10);
try {
  const { db } = database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'companyadmin'));
  const admin = (await callerOfUser(db, user!.id))!;
  const input = { from: process.env.BENCH_PAYROLL_FROM!, to: process.env.BENCH_PAYROLL_TO! };
  const payroll = () => withRequestScope(db, admin, (scope) => computePayrollReport({ scope, input }));
  await payroll();
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const rssBeforeMb = mb(process.memoryUsage().rss);
  const start = performance.now();
  await payroll();
  const ms = Math.round(performance.now() - start);
  console.log(JSON.stringify({ ms, rssBeforeMb, peakRssMb: mb(process.resourceUsage().maxRSS * 1024) }));
} finally {
  await database.close();
}
