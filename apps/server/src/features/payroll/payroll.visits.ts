import { sql, type SQL } from 'drizzle-orm';
import { effectiveVisitTimes, workedMinutes, type TimesheetTimes } from '@hearth/shared/payroll/payroll-hours';
import type { Db } from '../../db/client';
import { workedSpan } from '../visits/visits.worked';
import { rowsOf } from '../../db/rows';

/** A worked visit as payroll reads it: the shift, its caregiver, client and service, and its worked span. */
export interface PayrollSourceVisit {
  id: number;
  caregiverId: number;
  clientId: number;
  serviceCode: string | null;
  checkIn: Date;
  checkOut: Date;
}

interface Row {
  id: number;
  caregiver_id: number;
  client_id: number;
  service_code: string | null;
  status: string;
  start_ms: number;
  end_ms: number;
  in_ms: number | null;
  out_ms: number | null;
  check_in_type: number | null;
  check_out_type: number | null;
}

const dateOf = (ms: number | null) => (ms === null ? null : new Date(Number(ms)));

/**
 * The worked visits of the caregivers matching `caregiverIn` (a condition on `s.caregiver_id`) whose check-in (else
 * scheduled start) lies in the UTC window, by the same rules as the period exports (visits.worked.ts
 * loadExportVisits and isWorked: not cancelled; effectiveVisitTimes, office edits win; workedSpan, a shift marked
 * completed without times counts its schedule; at least a minute). One lean query of the columns payroll needs,
 * instants read as epoch milliseconds: a large agency's period holds 160,000 visits, which full rows mapped by the
 * ORM take seconds to read.
 */
export async function loadPayrollVisits(
  db: Db,
  caregiverIn: SQL,
  window: { start: Date; end: Date },
): Promise<PayrollSourceVisit[]> {
  const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
  const result = await db.execute(sql`
    select s.id, s.caregiver_id, s.client_id, s.service_code, s.status, ${ms('s.start_at')} as start_ms,
      ${ms('s.end_at')} as end_ms, ${ms('t.check_in')} as in_ms, ${ms('t.check_out')} as out_ms, t.check_in_type,
      t.check_out_type
    from shifts s left join shift_timesheets t on t.shift_id = s.id
    where s.status <> 'cancelled' and s.caregiver_id is not null and ${caregiverIn}
      and coalesce(s.check_in_at, s.start_at) >= ${window.start} and coalesce(s.check_in_at, s.start_at) < ${window.end}
    order by s.id, t.id`);
  const rows = rowsOf<Row>(result);
  const visits: PayrollSourceVisit[] = [];
  let i = 0;
  while (i < rows.length) {
    const first = rows[i]!;
    const sheets: TimesheetTimes[] = [];
    for (; i < rows.length && rows[i]!.id === first.id; i++) {
      const r = rows[i]!;
      if (r.in_ms === null && r.out_ms === null && r.check_in_type === null && r.check_out_type === null) continue;
      sheets.push({
        checkIn: dateOf(r.in_ms),
        checkOut: dateOf(r.out_ms),
        checkInType: r.check_in_type,
        checkOutType: r.check_out_type,
      });
    }
    const shift = { status: first.status, startAt: new Date(Number(first.start_ms)), endAt: new Date(Number(first.end_ms)) };
    const span = workedSpan(shift as Parameters<typeof workedSpan>[0], effectiveVisitTimes(sheets));
    if (!span || workedMinutes(span) <= 0) continue;
    visits.push({
      id: Number(first.id),
      caregiverId: Number(first.caregiver_id),
      clientId: Number(first.client_id),
      serviceCode: first.service_code,
      checkIn: span.checkIn,
      checkOut: span.checkOut,
    });
  }
  return visits;
}
