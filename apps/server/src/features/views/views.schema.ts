import { pgTable, serial, text, timestamp, integer, jsonb, index, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ViewFilter, ViewSort } from '@hearth/shared/views/views.schema';
import { users } from '../users/users.schema';
import { branches } from '../branches/branches.schema';
import { companies } from '../companies/companies.schema';

/**
 * Frontend views: named presets of a backend view's columns, order, widths, filters and sort, owned by a user
 * and shared with nobody ('user'), one branch, or the owner's company.
 */
export const frontendViews = pgTable(
  'frontend_views',
  {
    id: serial('id').primaryKey(),
    view: text('view').notNull(),
    name: text('name').notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedWith: text('shared_with', { enum: ['user', 'branch', 'company'] })
      .notNull()
      .default('user'),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    widths: jsonb('widths').$type<Record<string, number>>().notNull().default({}),
    filters: jsonb('filters').$type<ViewFilter[]>().notNull().default([]),
    sort: jsonb('sort').$type<ViewSort[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('frontend_views_view_idx').on(t.view, t.ownerUserId)],
);

/** Each user's last saved view and page size per backend view. */
export const frontendViewUserPreferences = pgTable(
  'frontend_view_user_preferences',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    view: text('view').notNull(),
    frontendViewId: integer('frontend_view_id').references(() => frontendViews.id, { onDelete: 'set null' }),
    pageSize: integer('page_size').notNull().default(50),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('frontend_view_prefs_user_view').on(t.userId, t.view)],
);
