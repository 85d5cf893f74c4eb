import { pgTable, serial, text, timestamp, integer, date, doublePrecision, boolean, index } from 'drizzle-orm/pg-core';
import { branches } from '../branches/branches.schema';
import { users } from '../users/users.schema';

/** Client statuses: there is no hard delete of a person. */
export const CLIENT_STATUSES = ['active', 'on_hold', 'discharged', 'deceased'] as const;

/** A care recipient. Profile screens and the rest of the record arrive with the clients issue. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id').references(() => users.id),
    externalId: text('external_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender'),
    preferredLanguage: text('preferred_language'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    medicaidId: text('medicaid_id'),
    status: text('status', { enum: CLIENT_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clients_branch_idx').on(t.branchId, t.lastName), index('clients_user_idx').on(t.userId)],
);

/** A client's address with its coordinates (WGS84 degrees) for EVV geofencing and the map. */
export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default('Home'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    isPrimary: boolean('is_primary').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_addresses_client_idx').on(t.clientId)],
);
