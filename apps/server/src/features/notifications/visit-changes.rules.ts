/**
 * Which caregivers hear of a change to a visit, and as what (issue "Reaching people" item 3): a caregiver is told
 * when a visit is given to them, taken from them, moved or cancelled, so nobody drives to a visit that is no longer
 * theirs. Changes to a visit that has already ended (timesheet corrections) and status changes the office records
 * (completed, missed) tell nobody: the caregiver was there, and a message would only be noise.
 */

/** A visit as the rule needs it: the caregiver (null for an open shift), its times (UTC) and status. */
export interface VisitState {
  caregiverId: number | null;
  startAt: Date;
  endAt: Date;
  status: string;
}

/** The notification kinds a visit change sends; each maps to a `notifications` catalogue entry. */
export type VisitChangeKind = 'visit_assigned' | 'visit_unassigned' | 'visit_moved' | 'visit_cancelled';

/** One caregiver to tell, and what. */
export interface VisitChangeNotice {
  caregiverId: number;
  kind: VisitChangeKind;
}

/**
 * The caregivers to tell of a visit going from `before` (null: just created) to `after`, at `now`.
 * @returns at most one notice per caregiver: assigned for the new caregiver, unassigned for the one it was taken
 * from, moved when the same caregiver keeps it at other times, cancelled when it is cancelled; nothing when the
 * visit is over (both before and after end at or before `now`) or nothing a caregiver acts on changed.
 */
export function visitChangeNotices(before: VisitState | null, after: VisitState, now: Date): VisitChangeNotice[] {
  const ended = (v: VisitState) => v.endAt.getTime() <= now.getTime();
  if (ended(after) && (before === null || ended(before))) return [];
  if (after.status === 'cancelled') {
    const wasCancelled = before?.status === 'cancelled';
    const caregiverId = before?.caregiverId ?? after.caregiverId;
    return wasCancelled || caregiverId === null ? [] : [{ caregiverId, kind: 'visit_cancelled' }];
  }
  if (before === null) return after.caregiverId === null ? [] : [{ caregiverId: after.caregiverId, kind: 'visit_assigned' }];
  const notices: VisitChangeNotice[] = [];
  if (before.caregiverId !== after.caregiverId) {
    if (before.caregiverId !== null && before.status !== 'cancelled') {
      notices.push({ caregiverId: before.caregiverId, kind: 'visit_unassigned' });
    }
    if (after.caregiverId !== null) notices.push({ caregiverId: after.caregiverId, kind: 'visit_assigned' });
    return notices;
  }
  const moved = before.startAt.getTime() !== after.startAt.getTime() || before.endAt.getTime() !== after.endAt.getTime();
  if (moved && after.caregiverId !== null) notices.push({ caregiverId: after.caregiverId, kind: 'visit_moved' });
  return notices;
}
