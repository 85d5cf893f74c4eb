import { z } from 'zod';
import { zText, ZId } from '../app/input-rules';
import { DEFAULT_GEOFENCE_RADIUS_METRES, DEFAULT_TIMEZONE } from '../app/app.constants';
import { ZTimeZone } from '../users/users.schema';
import { optionalZipField } from '../records/zip';

/**
 * The branch edit form (/admin/branches/{id}): name, region (the group /dashboard/rollup sums branches by; none:
 * "No region"), address, time zone, geofence radius in metres.
 */
export const ZBranchFields = z.object({
  name: zText().trim().min(1, 'Name is required').max(120),
  region: zText().trim().max(120).nullish(),
  addressLine1: zText().trim().max(200).nullish(),
  addressLine2: zText().trim().max(200).nullish(),
  city: zText().trim().max(100).nullish(),
  state: zText().trim().max(2, 'Use the two-letter state code').nullish(),
  zip: optionalZipField().nullish(),
  timezone: ZTimeZone.default(DEFAULT_TIMEZONE),
  geofenceRadiusMetres: z
    .number()
    .int('Whole metres only')
    .min(10, 'Geofence radius must be at least 10 m')
    .max(5000, 'Geofence radius must be at most 5000 m')
    .default(DEFAULT_GEOFENCE_RADIUS_METRES),
});
export type BranchFields = z.infer<typeof ZBranchFields>;

/**
 * Input of createBranch: a new office of the caller's company, with the edit form's fields (its time zone an IANA
 * name, default America/New_York).
 */
export const ZCreateBranchInput = ZBranchFields;
export type CreateBranchInput = z.infer<typeof ZCreateBranchInput>;

/**
 * Input of updateBranch: {id} and the fields to change. An omitted field keeps its stored value: the time zone and
 * geofence radius have no default here (issue 28: an edit that left them out had put them back to the defaults).
 */
export const ZUpdateBranchInput = ZBranchFields.extend({
  timezone: ZBranchFields.shape.timezone.unwrap(),
  geofenceRadiusMetres: ZBranchFields.shape.geofenceRadiusMetres.unwrap(),
})
  .partial()
  .extend({ id: ZId });
export type UpdateBranchInput = z.infer<typeof ZUpdateBranchInput>;

/**
 * A branch as getBranches, getBranch, createBranch and updateBranch return it: its form's fields, its company, its
 * time zone (IANA) and its geofence radius in metres. Its place on /map (lat, lon) leaves through the map only.
 */
export const ZBranchOutput = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  region: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  timezone: z.string(),
  geofenceRadiusMetres: z.number(),
});
export type BranchOutput = z.infer<typeof ZBranchOutput>;
