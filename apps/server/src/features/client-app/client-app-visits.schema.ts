import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';

/**
 * A client's or trusted contact's rating of a visit that took place (issue "client and family app" item 2: a visit
 * can be rated and commented on, which reaches the office): 1 to 5 stars and an optional comment. One per visit and
 * user, changed in place (updated_at), so a family member cannot stack ratings; the office reads them on the visit.
 * client_id repeats the shift's client so a rating is always read with the reached client in the `where`.
 */
export const visitRatings = pgTable(
  'visit_ratings',
  {
    id: serial('id').primaryKey(),
    shiftId: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('visit_ratings_shift_user_idx').on(t.shiftId, t.userId),
    index('visit_ratings_client_idx').on(t.clientId, t.createdAt),
    check('visit_ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
