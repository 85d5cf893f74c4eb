import type { NotifyChannel } from '@hearth/shared/notify/notify.schema';

/**
 * One outbox row as a driver delivers it (notify.schema.ts `outbox`). `recipient` is an email address, a phone
 * number as entered (the SMS driver writes it E.164), or `user:<id>` / a device token for push. `body` and `link`
 * are the real text, tokens included: only a driver reads them so.
 */
export interface OutboxMessage {
  id: number;
  channel: NotifyChannel;
  /** What the message is about, e.g. client_login_link, mfa_sms_code. */
  kind: string;
  recipient: string;
  userId: number | null;
  subject: string | null;
  body: string;
  /** A path such as /login?token=... (the reader's client resolves it against the public URL), or null. */
  link: string | null;
  /** Attempts made so far, this one included (1 on the first). */
  attempts: number;
}

/**
 * Delivers outbox messages of one channel (docs/architecture.md "Notifications", issue 21 item 5).
 * deliver() resolves once the provider has accepted the message. A thrown error is a failed attempt: the
 * `deliver-message` job retries it with backoff, and after the last attempt the row is `failed` with the error's
 * message as the reason. A PermanentDeliveryError is not retried (the row fails at once).
 */
export interface MessageDriver {
  deliver(message: OutboxMessage): Promise<void>;
}

/**
 * A failure no retry can mend (an address the provider refuses, a user without any push subscription): the row is
 * `failed` at once with this error's message as the reason.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}

/**
 * The default driver: the outbox row is the message (shown at /mocks) and nothing leaves. A row of a channel that
 * has only this driver is written `kept` and never queued, so a laptop without SMTP or an SMS provider keeps
 * working.
 */
export const outboxDriver: MessageDriver = {
  async deliver() {},
};

const drivers = new Map<NotifyChannel, MessageDriver>();

/**
 * Makes `driver` deliver the messages of `channel` in this process (null: back to the outbox driver). Called at
 * start from the configuration (notify.delivery.ts for email and SMS; push.driver.ts for push) and by tests, which
 * put the outbox driver back when they end.
 */
export function registerDriver(channel: NotifyChannel, driver: MessageDriver | null): void {
  if (driver && driver !== outboxDriver) drivers.set(channel, driver);
  else drivers.delete(channel);
}

/** The driver of `channel`: the registered one, else outboxDriver. */
export function driverFor(channel: NotifyChannel): MessageDriver {
  return drivers.get(channel) ?? outboxDriver;
}

/**
 * Whether a real driver delivers `channel` in this process: its messages are then queued for delivery, and their
 * secrets (sign-in links, codes) are read by no one in /mocks (notify.outbox.ts).
 */
export function isDelivered(channel: NotifyChannel): boolean {
  return drivers.has(channel);
}
