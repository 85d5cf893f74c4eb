import { and, eq, inArray } from 'drizzle-orm';
import type { CasePriority } from '@hearth/shared/cases/cases.constants';
import type { Db } from '../../db/client';
import { companies } from '../companies/companies.schema';
import { careFormTypes } from '../care-forms/care-forms.schema';
import { caseTypeModules, caseTypes } from './cases.schema';

/** A default case type and the shipped care form type (built_in_key) its required module is, when the company has it. */
interface DefaultCaseType {
  code: string;
  name: string;
  description: string;
  defaultPriority: CasePriority;
  reportableByCaregivers: boolean;
  acknowledgeWithinHours: number | null;
  stateReportWithinHours: number | null;
  resolveWithinHours: number | null;
  moduleBuiltInKey: string | null;
}

/**
 * The case types every company starts with (issue 24 item 1): incident (acknowledge in 2 hours, report to the state
 * in 24, as many states require for abuse, neglect and falls with injury, resolve in 72), complaint (acknowledge in
 * 24, resolve in 14 days: CMS 42 CFR 484.50(e)(1)(ii) has complaints investigated and documented) and change of
 * condition (acknowledge in 4, resolve in 48). Caregivers report incidents and changes of condition from the phone.
 */
export const DEFAULT_CASE_TYPES: readonly DefaultCaseType[] = [
  {
    code: 'incident',
    name: 'Incident',
    description: 'A fall, injury, medication error, abuse or neglect, or anything that harmed or could harm a client.',
    defaultPriority: 'urgent',
    reportableByCaregivers: true,
    acknowledgeWithinHours: 2,
    stateReportWithinHours: 24,
    resolveWithinHours: 72,
    moduleBuiltInKey: 'incident-report',
  },
  {
    code: 'complaint',
    name: 'Complaint',
    description: 'A complaint from a client, family member or anyone about the care or the agency.',
    defaultPriority: 'routine',
    reportableByCaregivers: false,
    acknowledgeWithinHours: 24,
    stateReportWithinHours: null,
    resolveWithinHours: 336,
    moduleBuiltInKey: null,
  },
  {
    code: 'change-of-condition',
    name: 'Change of condition',
    description: "A change in the client's health, behaviour or needs noticed during care.",
    defaultPriority: 'urgent',
    reportableByCaregivers: true,
    acknowledgeWithinHours: 4,
    stateReportWithinHours: null,
    resolveWithinHours: 48,
    moduleBuiltInKey: 'change-of-condition',
  },
];

/**
 * Gives every company the default case types it lacks (addDefaultCaseTypes). Run at every start (db/upgrade.ts) and
 * by the demo seed, so a company made before a default type shipped receives it.
 * @returns how many case types were created.
 */
export async function ensureCaseTypes(db: Db): Promise<number> {
  const companyRows = await db.select({ id: companies.id }).from(companies);
  let created = 0;
  for (const company of companyRows) created += await addDefaultCaseTypes(db, company.id);
  return created;
}

/**
 * Gives company `companyId` the default case types it lacks (matched by code), each new one with its required
 * module when the company has the shipped care form type (its lineage). Idempotent: a type that exists is left as
 * the agency edited it, modules included. Called where a company is created (the create-user command), so a new
 * agency can take cases before the server's next start, and by ensureCaseTypes.
 * @param db the database or the transaction that created the company.
 * @returns how many case types were created.
 */
export async function addDefaultCaseTypes(db: Db, companyId: number): Promise<number> {
  const inserted = await db
    .insert(caseTypes)
    .values(DEFAULT_CASE_TYPES.map(({ moduleBuiltInKey: _module, ...type }) => ({ ...type, companyId })))
    .onConflictDoNothing({ target: [caseTypes.companyId, caseTypes.code] })
    .returning({ id: caseTypes.id, code: caseTypes.code });
  await addDefaultModules(db, companyId, inserted);
  return inserted.length;
}

/** The required module of each just-created default type whose shipped care form type the company has. */
async function addDefaultModules(db: Db, companyId: number, inserted: { id: number; code: string | null }[]) {
  const keys = DEFAULT_CASE_TYPES.flatMap((d) => (d.moduleBuiltInKey ? [d.moduleBuiltInKey] : []));
  if (inserted.length === 0) return;
  const formTypes = await db
    .select({ lineageId: careFormTypes.lineageId, builtInKey: careFormTypes.builtInKey })
    .from(careFormTypes)
    .where(and(eq(careFormTypes.companyId, companyId), inArray(careFormTypes.builtInKey, keys)));
  const modules = inserted.flatMap((row) => {
    const key = DEFAULT_CASE_TYPES.find((d) => d.code === row.code)?.moduleBuiltInKey;
    const formType = formTypes.find((f) => f.builtInKey === key);
    return formType ? [{ caseTypeId: row.id, careFormTypeLineageId: formType.lineageId, position: 0, required: true }] : [];
  });
  if (modules.length > 0) await db.insert(caseTypeModules).values(modules);
}
