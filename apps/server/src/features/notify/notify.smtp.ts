import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type MessageDriver } from './notify.drivers';
import { deliveredText } from './notify.text';

/** An SMTP reply code that refuses the message for good (5xx: no such mailbox, policy); 4xx are worth retrying. */
function isPermanentReply(code: unknown): boolean {
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The email driver: sends each message over SMTP with nodemailer as plain text, From `from`, To the row's recipient,
 * with the row's subject, and its link made absolute against `publicUrl` (notify.text.ts).
 * - `smtpUrl`: smtp://user:password@host:port (STARTTLS when the server offers it) or smtps:// (TLS from the start);
 * - a 5xx reply (the server refuses the recipient or the message) is a PermanentDeliveryError; a connection failure
 *   or a 4xx reply is an ordinary error, retried by the deliver-message job.
 * close() ends the transport's connections.
 */
export function createSmtpDriver(options: { smtpUrl: string; from: string; publicUrl: string }): MessageDriver & {
  close(): void;
} {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async deliver(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: deliveredText(message, options.publicUrl),
        });
      } catch (error) {
        const reply = (error as { responseCode?: unknown; response?: unknown }) ?? {};
        if (isPermanentReply(reply.responseCode)) {
          const text = typeof reply.response === 'string' ? reply.response : (error as Error).message;
          throw new PermanentDeliveryError(`SMTP: ${text}`, { cause: error });
        }
        throw error;
      }
    },
    close() {
      transport.close();
    },
  };
}
