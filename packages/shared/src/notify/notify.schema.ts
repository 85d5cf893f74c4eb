import { z } from 'zod';
import { zPage } from '../app/outputs.schema';

/** Channels a message goes out on. */
export const NOTIFY_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * Where an outbox message stands (issue 21 item 5): `kept` in the outbox (no delivering driver: the row is the
 * message), `queued` for delivery, `sent`, or `failed` with the reason after its last attempt.
 */
export const OUTBOX_STATES = ['kept', 'queued', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** Input of getOutbox (/mocks): a page of the outbox, newest first. */
export const ZGetOutboxInput = z.object({
  page: z.number().int().min(1, 'page must be at least 1').default(1),
  pageSize: z
    .number()
    .int()
    .min(1, 'pageSize must be between 1 and 100')
    .max(100, 'pageSize must be between 1 and 100')
    .default(50),
});
export type GetOutboxInput = z.infer<typeof ZGetOutboxInput>;

/**
 * What the outbox shows in place of a sign-in token (`/login?token=[hidden]`): a live token would let whoever reads
 * the outbox sign in as its recipient, so no one reads one through the API (issue 28, "Secrets and health data").
 */
export const HIDDEN_TOKEN = '[hidden]';

/** Text in which every `token` query parameter reads HIDDEN_TOKEN: a live sign-in token never leaves. */
const zTokensHidden = () =>
  z.string().refine((text) => !/[?&]token=(?!\[hidden\])/.test(text), 'A sign-in token must leave hidden');

/**
 * One message of the outbox (getOutbox). sentAt stays null until a delivering driver (SMTP, SMS, push) has sent it.
 * Secrets are hidden (HIDDEN_TOKEN): sign-in tokens for every reader; texted codes for readers without system-level
 * access, and for everyone once the message is or was meant to be delivered (state other than `kept`).
 */
export const ZOutboxEntry = z.object({
  id: z.number(),
  channel: z.enum(NOTIFY_CHANNELS),
  kind: z.string(),
  recipient: z.string(),
  userId: z.number().nullable(),
  subject: z.string().nullable(),
  /** The message as sent, with its secrets replaced by HIDDEN_TOKEN. */
  body: zTokensHidden(),
  /** The link it carries, its token replaced by HIDDEN_TOKEN (so it cannot be followed). */
  link: zTokensHidden().nullable(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /** ISO 8601 UTC, or null while unsent. */
  sentAt: z.string().nullable(),
  state: z.enum(OUTBOX_STATES),
  /** Delivery attempts made (0 for a kept message). */
  attempts: z.number().int(),
  /** ISO 8601 UTC of the last attempt, or null. */
  lastAttemptAt: z.string().nullable(),
  /** Why the last attempt failed (the provider's answer), in the reader's language where Hearth words it; or null. */
  failureReason: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof ZOutboxEntry>;

/** Output of getOutbox: a page of the outbox, newest first. */
export const ZGetOutboxOutput = zPage(ZOutboxEntry);
