import { z } from 'zod';
import {
  ZCaregiverAppCheckInOutInput,
  ZCaregiverAppCheckInOutOutput,
  ZCaregiverAppCountsOutput,
  ZCaregiverAppGetShiftsInput,
  ZCaregiverMetadataInput,
  ZCaregiverShiftsPage,
} from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { caregiverAppGetCounts, caregiverAppGetShifts } from './caregiver-app.shifts';
import { caregiverAppCheckInOut, caregiverAppUpsertCaregiverMetadata } from './caregiver-app.service';

/**
 * The caregiver app's own calls (issue "caregiver app"; spec "Caregiver app"). Only the Caregiver role lists them;
 * each confines the caller to their own caregiver record (403 "Only caregivers use the caregiver app" without
 * one). Outputs are declared: client data leave as a whitelist of fields. The request's client flags (offline,
 * offline timestamp, app version, mobile-app flag and device time headers) and its receipt time reach the services
 * as plain values.
 */
export const caregiverAppRouter = router({
  /** A page of the caller's shifts {after?, before?, status?} -> ZCaregiverShiftsPage; see caregiverAppGetShifts. */
  caregiverAppGetShifts: permissionProcedure
    .input(ZCaregiverAppGetShiftsInput)
    .output(ZCaregiverShiftsPage)
    .query(({ ctx, input }) => caregiverAppGetShifts({ scope: ctx.scope, input })),
  /** The bottom bar's counts -> {missed, pickup}; see caregiverAppGetCounts. */
  caregiverAppGetCounts: permissionProcedure
    .output(ZCaregiverAppCountsOutput)
    .query(({ ctx }) => caregiverAppGetCounts({ scope: ctx.scope })),
  /** A check-in or check-out (once per clientRecordId) -> ZCaregiverAppCheckInOutOutput; see caregiverAppCheckInOut. */
  caregiverAppCheckInOut: permissionProcedure
    .input(ZCaregiverAppCheckInOutInput)
    .output(ZCaregiverAppCheckInOutOutput)
    .mutation(({ ctx, input }) =>
      caregiverAppCheckInOut({
        scope: ctx.scope,
        input,
        device: { ...ctx.client, receivedAt: ctx.receivedAt },
      }),
    ),
  /** Stores the caller's device and app version {deviceId, appVersion?, platform?, userAgent?} -> {ok: true}. */
  caregiverAppUpsertCaregiverMetadata: permissionProcedure
    .input(ZCaregiverMetadataInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) =>
      caregiverAppUpsertCaregiverMetadata({ scope: ctx.scope, input, headerAppVersion: ctx.client.appVersion }),
    ),
});
