import { pgTable, serial, text, timestamp, integer, boolean, doublePrecision, index } from 'drizzle-orm/pg-core';
import { DEFAULT_GEOFENCE_RADIUS_METRES, DEFAULT_TIMEZONE } from '@hearth/shared/app/app.constants';
import { companies } from '../companies/companies.schema';

/** An office of the agency, with its own time zone (pay periods, workweeks) and EVV geofence radius in metres. */
export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** The region the branch rolls up into on /dashboard/rollup (e.g. "Boston Metro"); none: "No region". */
    region: text('region'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    /** WGS84 degrees: the office on /map. */
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /**
     * True when lat/lon are the centre of the branch's ZIP code (features/records/records.zip-centroids.ts), not a
     * point of its street address: good for the map and rough distances, not for a geofence.
     */
    coordinatesApproximate: boolean('coordinates_approximate').notNull().default(false),
    timezone: text('timezone').notNull().default(DEFAULT_TIMEZONE),
    geofenceRadiusMetres: integer('geofence_radius_metres').notNull().default(DEFAULT_GEOFENCE_RADIUS_METRES),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('branches_company_idx').on(t.companyId)],
);
