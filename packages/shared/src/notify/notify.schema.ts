import { z } from 'zod';

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

/** One message of the outbox. sentAt stays null until a delivering driver (SMTP, SMS, push) has sent it. */
export interface OutboxEntry {
  id: number;
  channel: NotifyChannel;
  kind: string;
  recipient: string;
  userId: number | null;
  subject: string | null;
  /** The message as sent, with any sign-in token replaced by HIDDEN_TOKEN. */
  body: string;
  /** The link it carries, its token replaced by HIDDEN_TOKEN (so it cannot be followed). */
  link: string | null;
  createdAt: string;
  sentAt: string | null;
}
