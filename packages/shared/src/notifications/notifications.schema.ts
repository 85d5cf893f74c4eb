import { z } from 'zod';
import { zPage } from '../app/outputs.schema';
import { ROLE_IDS } from '../roles/roles.constants';

/*
 * In-app notifications and the channels that carry them further (issue 21 items 2 and 3; spec "Notifications" menu
 * item with its red dot, the "Other" call getInAppNotifications).
 */

/**
 * What a notification is about. Each kind has its title and body in the `notifications` catalogue
 * (kinds.<kind>.title / .body), rendered in the recipient's language.
 */
export const NOTIFICATION_KINDS = [
  'visit_assigned',
  'visit_moved',
  'visit_cancelled',
  'visit_unassigned',
  'pickup_invitation',
  'visit_reminder',
  'late_visit',
  'geofence_flag',
  'credential_expiring',
  'authorization_expiring',
  'import_finished',
  'export_finished',
  'case_reported',
  'visit_request_received',
  'visit_rated',
  'family_visit_started',
  'family_visit_ended',
  'family_visit_missed',
  'family_caregiver_changed',
  'family_schedule_changed',
  'visit_request_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Channels a user may add to the in-app notification (which is always on). */
export const PREFERENCE_CHANNELS = ['push', 'email', 'sms'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

/** Kinds that reach caregivers in the field: their own visits. */
export const CAREGIVER_KINDS: readonly NotificationKind[] = [
  'visit_assigned',
  'visit_moved',
  'visit_cancelled',
  'visit_unassigned',
  'pickup_invitation',
  'visit_reminder',
];

/** Kinds that reach the office: alerts about visits, people's papers and file jobs. */
export const STAFF_KINDS: readonly NotificationKind[] = [
  'late_visit',
  'geofence_flag',
  'credential_expiring',
  'authorization_expiring',
  'import_finished',
  'export_finished',
  'case_reported',
  'visit_request_received',
  'visit_rated',
];

/**
 * Kinds that reach clients and their trusted contacts (issue "client and family app" item 4): their visits started,
 * ended or missed, a caregiver or the schedule changed, and the office's answer to their requests. A trusted contact
 * gets them only for clients whose contact record holds the alerts permission.
 */
export const FAMILY_KINDS: readonly NotificationKind[] = [
  'family_visit_started',
  'family_visit_ended',
  'family_visit_missed',
  'family_caregiver_changed',
  'family_schedule_changed',
  'visit_request_decided',
];

/** Family kinds that add push and email by default: what a family must not miss. Start and end add push only. */
const FAMILY_EMAIL_KINDS: readonly NotificationKind[] = [
  'family_visit_missed',
  'family_caregiver_changed',
  'family_schedule_changed',
  'visit_request_decided',
];

/** Kinds whose office default adds email (late visits, expiries, file jobs; issue 21 item 3; new cases, issue 24). */
const STAFF_EMAIL_KINDS: readonly NotificationKind[] = [
  'late_visit',
  'credential_expiring',
  'authorization_expiring',
  'import_finished',
  'export_finished',
  'case_reported',
];

/** Role ids that are not office staff: they receive no office alerts. */
const NON_STAFF_ROLES: readonly number[] = [ROLE_IDS.caregiver, ROLE_IDS.client, ROLE_IDS.trustedContact];
const FAMILY_ROLES: readonly number[] = [ROLE_IDS.client, ROLE_IDS.trustedContact];

/**
 * The kinds a role may receive, and so choose channels for: caregivers their visits; clients and trusted contacts
 * their visits' alerts; staff the office alerts.
 */
export function kindsForRole(roleId: number): readonly NotificationKind[] {
  if (roleId === ROLE_IDS.caregiver) return CAREGIVER_KINDS;
  if (FAMILY_ROLES.includes(roleId)) return FAMILY_KINDS;
  if (NON_STAFF_ROLES.includes(roleId)) return [];
  return STAFF_KINDS;
}

/** The channels one kind reaches beyond in-app: true when chosen. */
export type ChannelChoice = Record<PreferenceChannel, boolean>;

/**
 * The channels a user gets for `kind` until they choose (issue 21 item 3, "sensible defaults per role"): caregivers
 * push and SMS for visit changes and reminders (they are out in the field, not at a desk); office staff email for
 * late visits, expiries and file jobs (at a desk, with the in-app list open); families push for every visit alert
 * and email too for what they must not miss (FAMILY_EMAIL_KINDS); nothing beyond in-app otherwise.
 */
export function defaultChannels(roleId: number, kind: NotificationKind): ChannelChoice {
  if (roleId === ROLE_IDS.caregiver && CAREGIVER_KINDS.includes(kind)) return { push: true, email: false, sms: true };
  if (FAMILY_ROLES.includes(roleId) && FAMILY_KINDS.includes(kind))
    return { push: true, email: FAMILY_EMAIL_KINDS.includes(kind), sms: false };
  if (!NON_STAFF_ROLES.includes(roleId) && STAFF_EMAIL_KINDS.includes(kind)) return { push: false, email: true, sms: false };
  return { push: false, email: false, sms: false };
}

const zKind = z.enum(NOTIFICATION_KINDS);

/** Input of getInAppNotifications: a page of the caller's notifications, newest first, optionally unread only or of one kind. */
export const ZGetInAppNotificationsInput = z.object({
  page: z.number().int().min(1, 'page must be at least 1').max(1_000_000, 'page must be at most 1000000').default(1),
  pageSize: z
    .number()
    .int()
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(25),
  unreadOnly: z.boolean().optional(),
  kind: zKind.optional(),
});
export type GetInAppNotificationsInput = z.infer<typeof ZGetInAppNotificationsInput>;

/** One in-app notification as its recipient reads it. Times are ISO 8601 UTC. */
export const ZInAppNotification = z.object({
  id: z.number(),
  kind: zKind,
  title: z.string(),
  body: z.string(),
  /** An app path to open (e.g. /shifts/12), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  seenAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type InAppNotification = z.infer<typeof ZInAppNotification>;

/** Output of getInAppNotifications. */
export const ZGetInAppNotificationsOutput = zPage(ZInAppNotification);

/** Input of markNotificationRead: one of the caller's notifications. */
export const ZMarkNotificationReadInput = z.object({
  id: z.number().int().positive().max(2_147_483_647),
});
export type MarkNotificationReadInput = z.infer<typeof ZMarkNotificationReadInput>;

/** Output of the marking calls: how many notifications changed. */
export const ZMarkNotificationsOutput = z.object({ updated: z.number().int().nonnegative() });
export type MarkNotificationsOutput = z.infer<typeof ZMarkNotificationsOutput>;

/**
 * Output of getNotificationStatus, for the menu's red dot (spec: "red dot when the newest notification is unseen"):
 * counts of the caller's unseen and unread notifications, and whether the newest is unseen.
 */
export const ZNotificationStatus = z.object({
  unseenCount: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
  newestUnseen: z.boolean(),
  /** The newest notification's id, or null when there is none: a client tells a new one from one it has shown. */
  newestId: z.number().nullable(),
});
export type NotificationStatus = z.infer<typeof ZNotificationStatus>;

/** One kind's channels for the caller; `isDefault` while they have not chosen (the role's default applies). */
export const ZNotificationPreference = z.object({
  kind: zKind,
  push: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
  isDefault: z.boolean(),
});
export type NotificationPreference = z.infer<typeof ZNotificationPreference>;

/** Output of getMyNotificationPreferences and setMyNotificationPreference: one entry per kind the caller may receive. */
export const ZNotificationPreferences = z.array(ZNotificationPreference);

/** Input of setMyNotificationPreference: the channels the caller wants for one kind (in-app is always on). */
export const ZSetNotificationPreferenceInput = z.object({
  kind: zKind,
  push: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
});
export type SetNotificationPreferenceInput = z.infer<typeof ZSetNotificationPreferenceInput>;
