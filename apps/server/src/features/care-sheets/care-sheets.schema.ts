import { pgTable, serial, text, timestamp, integer, jsonb, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema';
import { caregivers } from '../caregivers/caregivers.schema';
import { shifts } from '../shifts/shifts.schema';

/** Miles driven and trips made for the client during a visit (docs/glossary.md "Care sheet": transportation). */
export interface TransportationData {
  miles: number;
  trips: number;
}

/**
 * What the caregiver records at check-out (spec "Care sheet", docs/glossary.md "Care sheet"): the completed care plan
 * tasks, a comment, transportation, the client's signature or initials (PNG data URLs drawn on a canvas) or the reason
 * the client could not sign, and the caregiver's signature or initials. One per shift. The caregiver's review is saved
 * separately (reviewedAt).
 */
export const careSheets = pgTable(
  'care_sheets',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id),
    completedTasks: jsonb('completed_tasks').$type<string[]>().notNull().default([]),
    caregiverComment: text('caregiver_comment'),
    transportationData: jsonb('transportation_data').$type<TransportationData>(),
    clientSignature: text('client_signature'),
    clientInitials: text('client_initials'),
    clientUnableToSignReason: text('client_unable_to_sign_reason'),
    caregiverSignature: text('caregiver_signature'),
    caregiverInitials: text('caregiver_initials'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('care_sheets_shift_idx').on(t.shiftId), index('care_sheets_caregiver_idx').on(t.caregiverId, t.createdAt)],
);

/**
 * The device a caregiver uses the app on (caregiverAppUpsertCaregiverMetadata): app version, platform, user agent,
 * last seen. One row per caregiver and device.
 */
export const caregiverDevices = pgTable(
  'caregiver_devices',
  {
    id: serial('id').primaryKey(),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    appVersion: text('app_version'),
    platform: text('platform'),
    userAgent: text('user_agent'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [uniqueIndex('caregiver_devices_device_idx').on(t.caregiverId, t.deviceId)],
);
