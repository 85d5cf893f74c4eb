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

/** One message of the outbox. sentAt stays null until a delivering driver (SMTP, SMS, push) has sent it. */
export interface OutboxEntry {
  id: number;
  channel: NotifyChannel;
  kind: string;
  recipient: string;
  userId: number | null;
  subject: string | null;
  body: string;
  link: string | null;
  createdAt: string;
  sentAt: string | null;
}
