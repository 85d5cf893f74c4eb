import { and, eq, sql } from 'drizzle-orm';
import type { Page } from '@hearth/shared/app/outputs.schema';
import type { RecordAccessEntry, RecordAccessHistoryInput } from '@hearth/shared/access-log/access-log.schema';
import { ZRecordAccessHistoryInput } from '@hearth/shared/access-log/access-log.schema';
import {
  parseSecuritySettings,
  ZSecuritySettings,
  type SecuritySettings,
  type UpdateSecuritySettingsInput,
} from '@hearth/shared/access-log/security-settings';
import { inBranchScope, type Scope } from '../../auth/scope';
import { AppError, notFound } from '../../errors/app-error';
import { definedKeys } from '../../db/partial-update';
import { rowsOf } from '../../db/rows';
import { clients } from '../clients/clients.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { companies } from '../companies/companies.schema';
import { ACCESS_LOG_ENTRIES } from './access-log.view';

const OWNERS = {
  client: { table: clients, noun: 'Client', column: sql`entries.client_id` },
  caregiver: { table: caregivers, noun: 'Caregiver', column: sql`entries.caregiver_id` },
} as const;

/**
 * A client's or caregiver's own access history (getRecordAccessHistory, shown on their profile): who read the
 * record, opened its files or changed it (the audit trail's changes of the record and of rows that name it), newest
 * first. Who may: the roles holding the action (Company Admin by default; system level), for records in their
 * branch scope (docs/decisions/0010-access-log.md).
 * @returns a page of entries {id, at (ISO UTC), action, userName, impersonatedName, detail}.
 * @throws AppError NOT_FOUND "Client N not found" / "Caregiver N not found" outside the caller's scope.
 */
export async function getRecordAccessHistory({
  scope,
  input,
}: {
  scope: Scope;
  input: RecordAccessHistoryInput;
}): Promise<Page<RecordAccessEntry>> {
  const { recordType, id, page, pageSize } = ZRecordAccessHistoryInput.parse(input);
  const owner = OWNERS[recordType];
  const [found] = await scope.db
    .select({ id: owner.table.id })
    .from(owner.table)
    .where(and(eq(owner.table.id, id), inBranchScope(scope, owner.table.branchId)));
  if (!found) throw notFound(owner.noun, id);
  const where = sql`${owner.column} = ${id}`;
  const [count] = rowsOf<{ n: number }>(
    await scope.db.execute(sql`select count(*)::int as n from ${ACCESS_LOG_ENTRIES} where ${where}`),
  );
  const rows = rowsOf<{
    id: number | string;
    at: string | Date;
    action: RecordAccessEntry['action'];
    user_name: string | null;
    impersonated_name: string | null;
    detail: string | null;
  }>(
    await scope.db.execute(sql`select entries.id, entries.at, entries.action, actor.name as user_name,
        target.name as impersonated_name, entries.detail
      from ${ACCESS_LOG_ENTRIES}
      left join users actor on actor.id = entries.user_id
      left join users target on target.id = entries.impersonated_user_id
      where ${where} order by entries.at desc, entries.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
  );
  const totalCount = count?.n ?? 0;
  return {
    totalCount,
    page,
    pageSize,
    totalPages: Math.ceil(totalCount / pageSize),
    rows: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      action: r.action,
      userName: r.user_name,
      impersonatedName: r.impersonated_name,
      detail: r.detail,
    })),
  };
}

/**
 * The caller's company.
 * @throws AppError BAD_REQUEST for a caller without a company (system level).
 */
function companyOf(scope: Scope): number {
  if (scope.companyId === null)
    throw new AppError('BAD_REQUEST', 'Security settings belong to a company: sign in as a user of one');
  return scope.companyId;
}

/**
 * The session and access log rules of the caller's company (getSecuritySettings; security-settings.ts): the
 * inactivity limit in minutes (at most the spec's 30) and the access log's retention in years (at least 6).
 * @throws AppError BAD_REQUEST for a caller without a company.
 */
export async function getSecuritySettings({ scope }: { scope: Scope }): Promise<SecuritySettings> {
  const [company] = await scope.db
    .select({ settings: companies.securitySettings })
    .from(companies)
    .where(eq(companies.id, companyOf(scope)));
  return parseSecuritySettings(company?.settings);
}

/**
 * Changes the caller's company's security settings (updateSecuritySettings, company admin; the companies row is
 * audited by its trigger): the keys given take their values, omitted ones keep theirs. A shorter inactivity limit
 * applies to every session's next request; a longer one than the spec's 30 minutes is refused by the schema.
 * @throws AppError BAD_REQUEST for a caller without a company; ZodError (400 with field errors) out of range.
 */
export async function updateSecuritySettings({
  scope,
  input,
}: {
  scope: Scope;
  input: UpdateSecuritySettingsInput;
}): Promise<SecuritySettings> {
  const current = await getSecuritySettings({ scope });
  const settings = ZSecuritySettings.parse({ ...current, ...definedKeys(input) });
  const [company] = await scope.db
    .update(companies)
    .set({ securitySettings: settings })
    .where(eq(companies.id, companyOf(scope)))
    .returning({ settings: companies.securitySettings });
  return parseSecuritySettings(company?.settings);
}
