import { english, msg } from '../../i18n/server-i18n';
import { PermanentDeliveryError, type MessageDriver } from './notify.drivers';
import { deliveredText } from './notify.text';

/** How long the provider may take to answer one message, in milliseconds. */
const SMS_TIMEOUT_MS = 15_000;

/** The provider's own words for a refusal (Twilio answers JSON {code, message}), else the HTTP status. */
async function reasonOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') {
      return `SMS provider ${response.status}: ${body.message}${body.code ? ` (${String(body.code)})` : ''}`;
    }
  } catch {
    // Not JSON: the status alone, never an HTML error page.
  }
  return `SMS provider ${response.status} ${response.statusText}`.trim();
}

/**
 * `recipient` in E.164, as the provider wants its To: numbers are stored as people typed them ("(617) 555-0100",
 * "+44 20 7946 0958"). A leading + keeps its country code; 10 digits are a North American number (+1, the agency's
 * country); 11 digits starting with 1 are one with its country code.
 * @throws PermanentDeliveryError for anything else (no retry can make it a number).
 */
export function toE164(recipient: string): string {
  const digits = recipient.replace(/\D/g, '');
  if (recipient.trim().startsWith('+') && digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  throw new PermanentDeliveryError(english(msg('errors.notTextable', { recipient })));
}

/**
 * The SMS driver: an HTTP provider in Twilio's Messages API shape. Each message is one
 * POST {apiUrl}/Accounts/{accountSid}/Messages.json, form-encoded To (the row's recipient in E.164, toE164), From, Body (the
 * text with its link made absolute against `publicUrl`), with basic auth accountSid:authToken.
 * - 2xx: sent;
 * - 4xx other than 408 and 429 (a refused number, bad credentials) is a PermanentDeliveryError with the provider's
 *   message; 408, 429, 5xx, a timeout (SMS_TIMEOUT_MS) or a network failure is retried by the deliver-message job.
 */
export function createSmsDriver(options: {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  publicUrl: string;
}): MessageDriver {
  const url = `${options.apiUrl}/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async deliver(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          To: toE164(message.recipient),
          From: options.from,
          Body: deliveredText(message, options.publicUrl),
        }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const reason = await reasonOf(response);
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
        throw new PermanentDeliveryError(reason);
      }
      throw new Error(reason);
    },
  };
}
