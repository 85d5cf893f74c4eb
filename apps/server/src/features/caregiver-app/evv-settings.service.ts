import { eq } from 'drizzle-orm';
import {
  parseEvvSettings,
  ZEvvSettings,
  type EvvSettings,
  type UpdateEvvSettingsInput,
} from '@hearth/shared/caregiver-app/evv-settings';
import type { Scope } from '../../auth/scope';
import { AppError } from '../../errors/app-error';
import { definedKeys } from '../../db/partial-update';
import { companies } from '../companies/companies.schema';

/**
 * The caller's company.
 * @throws AppError BAD_REQUEST for a caller without a company (system level).
 */
function companyOf(scope: Scope): number {
  if (scope.companyId === null) throw new AppError('BAD_REQUEST', 'EVV settings belong to a company: sign in as a user of one');
  return scope.companyId;
}

/**
 * The EVV time rules of the caller's company (getEvvSettings; evv-settings.ts): minutes a check-in opens before
 * the start, minutes after the end the phone may still record, the phone clock tolerance in minutes.
 * @returns EvvSettings, every default filled.
 * @throws AppError BAD_REQUEST for a caller without a company.
 */
export async function getEvvSettings({ scope }: { scope: Scope }): Promise<EvvSettings> {
  const [company] = await scope.db
    .select({ settings: companies.evvSettings })
    .from(companies)
    .where(eq(companies.id, companyOf(scope)));
  return parseEvvSettings(company?.settings);
}

/**
 * Changes the EVV time rules of the caller's company (updateEvvSettings, company admin; the companies row is
 * audited): the keys given take their new values, every omitted key keeps its stored one (issue 28). They apply to
 * the next check-in or check-out; times already recorded keep their flags.
 * @returns the stored EvvSettings, every default filled.
 * @throws AppError BAD_REQUEST for a caller without a company; a ZodError (400 with field errors) for values out
 * of range (the router checks them first).
 */
export async function updateEvvSettings({ scope, input }: { scope: Scope; input: UpdateEvvSettingsInput }): Promise<EvvSettings> {
  const current = await getEvvSettings({ scope });
  const settings = ZEvvSettings.parse({ ...current, ...definedKeys(input) });
  const [company] = await scope.db
    .update(companies)
    .set({ evvSettings: settings })
    .where(eq(companies.id, companyOf(scope)))
    .returning({ settings: companies.evvSettings });
  return parseEvvSettings(company?.settings);
}
