import {
  OFFICE_EDIT_REASON_CODES,
  SHIFT_STATUSES,
  TIMESHEET_TYPES,
  type OfficeEditReasonCode,
  type PickupInvitationStatus,
  type ShiftStatus,
} from '@hearth/shared/shifts/shifts.constants';
import type { ShiftListItem } from '@hearth/shared/shifts/shifts.schema';
import { formatKilometres, formatMiles } from '@/format/distance';
import { i18n } from '@/i18n/i18n.setup';
import { formatZoned } from './shift-time';

/** How a shift reads on the schedule: words and Mantine colours shared by the calendar, drawer and lists. */

/** Mantine colour of each status (the calendar's event colours, the drawer's badge). */
export const SHIFT_STATUS_COLORS: Record<ShiftStatus, string> = {
  scheduled: 'blue',
  in_progress: 'orange',
  completed: 'green',
  missed: 'red',
  cancelled: 'gray',
};

/** Mantine colour of an open shift (no caregiver yet), whatever its status. */
export const OPEN_SHIFT_COLOR = 'grape';

/** Mantine colour of each pickup invitation status. */
export const INVITATION_STATUS_COLORS: Record<PickupInvitationStatus, string> = {
  sent: 'blue',
  seen: 'cyan',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
};

/** A pickup invitation status in words, in the shown language. */
export function invitationStatusLabel(status: PickupInvitationStatus): string {
  return i18n.t(`invitationStatus.${status}`, { ns: 'schedule' });
}

/** A shift status in words ("In progress"), in the shown language. */
export function shiftStatusLabel(status: ShiftStatus): string {
  return i18n.t(`status.${status}`, { ns: 'schedule' });
}

/** Whose schedule a calendar shows: on a client's page the other party is the caregiver, and the reverse. */
export type ScheduleParty = 'client' | 'caregiver';

/** An open shift: no caregiver, not cancelled (a cancelled one is just cancelled). */
export function isOpenShift(shift: Pick<ShiftListItem, 'caregiverId' | 'status'>): boolean {
  return shift.caregiverId === null && shift.status !== 'cancelled';
}

/** The service as billed: "T1019 U1" (code and modifiers), or null when the shift has none. */
export function serviceText(shift: Pick<ShiftListItem, 'serviceCode' | 'modifiers'>): string | null {
  if (!shift.serviceCode) return null;
  return [shift.serviceCode, ...shift.modifiers].join(' ');
}

/** The other party's name on a schedule: the caregiver on a client's page ("Open" when none), else the client. */
export function otherPartyName(shift: Pick<ShiftListItem, 'caregiverName' | 'clientName'>, party: ScheduleParty): string {
  return party === 'client' ? (shift.caregiverName ?? i18n.t('calendar.openShift', { ns: 'schedule' })) : shift.clientName;
}

/** What a screen reader says for a shift on the calendar: "9:00 AM – 1:00 PM, Jane Doe, T1019, Scheduled". */
export function shiftSummary(shift: ShiftListItem, party: ScheduleParty, timeRange: string): string {
  const parts = [timeRange, otherPartyName(shift, party), serviceText(shift), shiftStatusLabel(shift.status)];
  if (isOpenShift(shift) && party === 'caregiver') parts.push(i18n.t('calendar.open', { ns: 'schedule' }));
  return parts.filter(Boolean).join(', ');
}

/** A timesheet entry's type (1 mobile, 2 offline, 3 office edit) as words; "—" when not recorded. */
export function timesheetTypeLabel(type: number | null): string {
  switch (type) {
    case TIMESHEET_TYPES.mobile:
      return i18n.t('timesheetType.mobile', { ns: 'schedule' });
    case TIMESHEET_TYPES.offline:
      return i18n.t('timesheetType.offline', { ns: 'schedule' });
    case TIMESHEET_TYPES.office:
      return i18n.t('timesheetType.office', { ns: 'schedule' });
    default:
      return '—';
  }
}

/** An office edit's reason code in words (an unknown code stays as it is). */
export function reasonLabel(code: string | null): string | null {
  if (!code) return null;
  return (OFFICE_EDIT_REASON_CODES as readonly string[]).includes(code)
    ? i18n.t(`reasonCode.${code as OfficeEditReasonCode}`, { ns: 'schedule' })
    : code;
}

/**
 * A distance in metres as miles first (US agencies), then kilometres, through Intl in the shown language:
 * "3.2 mi (5.2 km)"; "—" when unknown.
 * @param language a language tag; the shown language when left out
 */
export function formatDistance(metres: number | null, language?: string): string {
  const miles = formatMiles(metres, language);
  return miles === null ? '—' : `${miles} (${formatKilometres(metres, language)})`;
}

/**
 * An audited field name as words, in the shown language: the fields people look for most by their exact name
 * (catalogue `field`), others by their camelCase name (`fieldWords`, whose English is the words the name makes),
 * any other spelled out from its name: "startTimestamp" -> "Start", "service_code" or "serviceCode" -> "Service code".
 * In another language a snake_case name ("check_in_type") also takes its camelCase twin's words, rather than English
 * ones; English keeps the spelled-out name it has always shown.
 */
export function fieldLabel(field: string): string {
  const camel = field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const keys = [`field.${field}`, `fieldWords.${camel}`];
  if (!i18n.language.startsWith('en')) keys.push(`field.${camel}`);
  const key = keys.find((k) => i18n.exists(k, { ns: 'schedule' }));
  if (key) return i18n.t(key as 'field.startAt', { ns: 'schedule' });
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * An audited value for the changes list: instants on the branch's wall clock (MM/DD/YY h:mm A), a status, a
 * timesheet type and a reason code in words, empty values as "—", lists joined, other objects as compact JSON.
 */
export function formatChangeValue(value: unknown, zone: string, field?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'status' && typeof value === 'string' && (SHIFT_STATUSES as readonly string[]).includes(value)) {
    return shiftStatusLabel(value as ShiftStatus);
  }
  if ((field === 'checkInType' || field === 'checkOutType') && typeof value === 'number') return timesheetTypeLabel(value);
  if (field === 'reasonCode' && typeof value === 'string') return reasonLabel(value) ?? value;
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return formatZoned(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'), zone);
    return value;
  }
  if (typeof value === 'boolean') return i18n.t(value ? 'yes' : 'no', { ns: 'schedule' });
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return value.length === 0 ? '—' : value.join(', ');
  }
  return JSON.stringify(value);
}
