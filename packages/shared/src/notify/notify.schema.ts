import { z } from 'zod';
import { zPage } from '../app/outputs.schema';

/** Channels a message goes out on. */
export const NOTIFY_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

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

/** One message of the outbox (getOutbox). sentAt stays null until a delivering driver (SMTP, SMS, push) has sent it. */
export const ZOutboxEntry = z.object({
  id: z.number(),
  channel: z.enum(NOTIFY_CHANNELS),
  kind: z.string(),
  recipient: z.string(),
  userId: z.number().nullable(),
  subject: z.string().nullable(),
  /** The message as sent, with any sign-in token replaced by HIDDEN_TOKEN. */
  body: zTokensHidden(),
  /** The link it carries, its token replaced by HIDDEN_TOKEN (so it cannot be followed). */
  link: zTokensHidden().nullable(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /** ISO 8601 UTC, or null while unsent. */
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof ZOutboxEntry>;

/** Output of getOutbox: a page of the outbox, newest first. */
export const ZGetOutboxOutput = zPage(ZOutboxEntry);
