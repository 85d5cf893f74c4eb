import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { VISIT_REQUEST_KINDS, VISIT_REQUEST_STATUSES } from '@hearth/shared/visit-requests/visit-requests.constants';
import { branches } from '../branches/branches.schema';
import { clients } from '../clients/clients.schema';
import { shifts } from '../shifts/shifts.schema';
import { users } from '../users/users.schema';

/**
 * A family's request about the schedule (issue 25 item 3): cancel or move a visit of the client still to come, or
 * add one. `branch_id` is the client's, so the office finds requests by branch scope. `visit_start_at` and
 * `visit_end_at` keep the visit's times when asked (the visit may be moved or deleted since); `start_at` and
 * `end_at` are the times asked for (move, add). One pending request per visit (a partial unique index), so the
 * office never applies two changes to the same visit. Audited (migration 0034).
 */
export const visitRequests = pgTable(
  'visit_requests',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VISIT_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: VISIT_REQUEST_STATUSES }).notNull().default('pending'),
    /** The visit asked about (cancel, move) or, once an addition is approved, the visit added. */
    shiftId: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    visitStartAt: timestamp('visit_start_at', { withTimezone: true }),
    visitEndAt: timestamp('visit_end_at', { withTimezone: true }),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    note: text('note'),
    requestedByUserId: integer('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('visit_requests_kind_check', sql`${t.kind} in ('cancel', 'move', 'add')`),
    check('visit_requests_status_check', sql`${t.status} in ('pending', 'approved', 'declined', 'withdrawn')`),
    check(
      'visit_requests_times_check',
      sql`(${t.kind} = 'cancel' and ${t.startAt} is null and ${t.endAt} is null) or (${t.kind} <> 'cancel' and ${t.endAt} > ${t.startAt})`,
    ),
    index('visit_requests_branch_idx').on(t.branchId, t.status, t.createdAt),
    index('visit_requests_client_idx').on(t.clientId, t.createdAt),
    uniqueIndex('visit_requests_pending_shift_idx')
      .on(t.shiftId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
