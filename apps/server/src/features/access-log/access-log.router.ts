import { ZRecordAccessHistoryInput, ZRecordAccessHistoryOutput } from '@hearth/shared/access-log/access-log.schema';
import { ZSecuritySettings, ZUpdateSecuritySettingsInput } from '@hearth/shared/access-log/security-settings';
import { permissionProcedure, router } from '../../trpc/init';
import { getRecordAccessHistory, getSecuritySettings, updateSecuritySettings } from './access-log.service';

/**
 * A record's access history and the company's security settings (issue 20 items 3 and 4). The log itself is the
 * `accessLog` backend view (access-log.view.ts), read through the view engine.
 */
export const accessLogRouter = router({
  /** {recordType: client | caregiver, id, page?, pageSize?} -> a page of the record's access entries, newest first. */
  getRecordAccessHistory: permissionProcedure
    .input(ZRecordAccessHistoryInput)
    .output(ZRecordAccessHistoryOutput)
    .query(({ ctx, input }) => getRecordAccessHistory({ scope: ctx.scope, input })),
  /** -> the company's SecuritySettings {idleTimeoutMinutes, accessLogRetentionYears}. */
  getSecuritySettings: permissionProcedure
    .output(ZSecuritySettings)
    .query(({ ctx }) => getSecuritySettings({ scope: ctx.scope })),
  /** The settings to change -> the stored SecuritySettings (company admin). */
  updateSecuritySettings: permissionProcedure
    .input(ZUpdateSecuritySettingsInput)
    .output(ZSecuritySettings)
    .mutation(({ ctx, input }) => updateSecuritySettings({ scope: ctx.scope, input })),
});
