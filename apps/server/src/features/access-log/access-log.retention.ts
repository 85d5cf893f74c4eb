import { and, isNull, lt, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEFAULT_SECURITY_SETTINGS, parseSecuritySettings } from '@hearth/shared/access-log/security-settings';
import { companies } from '../companies/companies.schema';
import { accessLog } from './access-log.schema';

/** `years` calendar years before `now` (UTC). */
function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Removes access log entries past their company's retention (companies.security_settings accessLogRetentionYears,
 * default and minimum six years: HIPAA's documentation period, 45 CFR 164.316(b)(2)(i)); entries without a company
 * (system-level users, failed sign-ins of unknown accounts) keep the default. The daily `delete-expired-access-log`
 * job is the only caller: it alone sets `app.access_log_retention` for its transaction, which is what lets the
 * append-only trigger accept a DELETE (migration access_log_append_only).
 * @param now the job's clock (a test gives it).
 * @returns how many entries were removed.
 */
export async function deleteExpiredAccessLog(db: Db, now: Date = new Date()): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.access_log_retention', 'on', true)`);
    const rows = await tx.select({ id: companies.id, settings: companies.securitySettings }).from(companies);
    let deleted = 0;
    for (const company of rows) {
      const cutoff = yearsBefore(now, parseSecuritySettings(company.settings).accessLogRetentionYears);
      const gone = await tx
        .delete(accessLog)
        .where(and(eq(accessLog.companyId, company.id), lt(accessLog.at, cutoff)))
        .returning({ id: accessLog.id });
      deleted += gone.length;
    }
    const cutoff = yearsBefore(now, DEFAULT_SECURITY_SETTINGS.accessLogRetentionYears);
    const gone = await tx
      .delete(accessLog)
      .where(and(isNull(accessLog.companyId), lt(accessLog.at, cutoff)))
      .returning({ id: accessLog.id });
    return { deleted: deleted + gone.length };
  });
}
