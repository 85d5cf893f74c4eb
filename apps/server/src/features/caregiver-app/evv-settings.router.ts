import { ZEvvSettingsOutput, ZUpdateEvvSettingsInput } from '@hearth/shared/caregiver-app/evv-settings';
import { permissionProcedure, router } from '../../trpc/init';
import { getEvvSettings, updateEvvSettings } from './evv-settings.service';

/**
 * The company's EVV time rules for the caregiver app's check-ins and check-outs (evv-settings.ts): read by the
 * office roles that review EVV, changed by a company admin.
 */
export const evvSettingsRouter = router({
  /** -> the company's EvvSettings {earlyCheckInMinutes, lateEntryLimitMinutes, clockSkewToleranceMinutes}. */
  getEvvSettings: permissionProcedure.output(ZEvvSettingsOutput).query(({ ctx }) => getEvvSettings({ scope: ctx.scope })),
  /** The whole settings (minutes) -> the stored EvvSettings (company admin). */
  updateEvvSettings: permissionProcedure
    .input(ZUpdateEvvSettingsInput)
    .output(ZEvvSettingsOutput)
    .mutation(({ ctx, input }) => updateEvvSettings({ scope: ctx.scope, input })),
});
