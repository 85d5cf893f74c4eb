import { DateTime } from 'luxon';
import type { CareFormStatus } from '@hearth/shared/care-forms/care-forms.constants';
import type { CasePriority, CaseStatus } from '@hearth/shared/cases/cases.constants';
import { CLOSED_CASE_STATUSES } from '@hearth/shared/cases/cases.constants';

/*
 * The staff screens' rules for one case (issue 24 item 2), pure so each is tested: badge colours and which moves
 * ask for a reason, the report's time input, and the PDF's bytes.
 */

/** The colour of a status badge: draft grey, requested blue, accepted cyan, in progress yellow, completed green, cancelled red. */
export function caseStatusColor(status: CaseStatus): string {
  const colours: Record<CaseStatus, string> = {
    draft: 'gray',
    requested: 'blue',
    accepted: 'cyan',
    'in-progress': 'yellow',
    completed: 'green',
    cancelled: 'red',
  };
  return colours[status];
}

/** The colour of a priority badge (FHIR RequestPriority, least to most pressing): routine grey to stat red. */
export function casePriorityColor(priority: CasePriority): string {
  const colours: Record<CasePriority, string> = { routine: 'gray', urgent: 'orange', asap: 'red', stat: 'red' };
  return colours[priority];
}

/**
 * What kind of move going from `from` to `to` is: a cancel or a reopening (leaving completed or cancelled) both need
 * a reason (shared case-transitions rules); any other move is plain.
 */
export function moveKind(from: CaseStatus, to: CaseStatus): 'cancel' | 'reopen' | 'plain' {
  if (to === 'cancelled') return 'cancel';
  if (CLOSED_CASE_STATUSES.includes(from)) return 'reopen';
  return 'plain';
}

/** The colour of a module's care form status badge: in progress yellow, completed green, amended blue. */
export function formStatusColor(status: CareFormStatus): string {
  return status === 'in-progress' ? 'yellow' : status === 'completed' ? 'green' : 'blue';
}

/** An instant as the value of an `<input type="datetime-local">` in `zone` ("yyyy-MM-ddTHH:mm"). */
export function instantToInput(at: Date, zone: string): string {
  return DateTime.fromJSDate(at).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm");
}

/**
 * A `datetime-local` input's value, read as wall-clock time in `zone`, as a UTC ISO 8601 instant
 * ("2026-03-08T14:30:00Z"); "" or an unreadable value gives null.
 */
export function inputToInstant(input: string, zone: string): string | null {
  if (input === '') return null;
  const parsed = DateTime.fromISO(input, { zone });
  return parsed.isValid ? parsed.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** A PDF sent as base64 (cases.pdf) as the bytes a Blob holds. */
export function pdfBytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
