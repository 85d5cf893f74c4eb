import type { OutboxMessage } from './notify.drivers';

/**
 * The text a recipient reads: the message's body with its link made absolute against `publicUrl` (links are stored
 * as paths such as /login?token=..., which only the app itself resolves). A body that quotes the path gets the full
 * address in its place; one that does not gets it on a line of its own at the end.
 */
export function deliveredText(message: Pick<OutboxMessage, 'body' | 'link'>, publicUrl: string): string {
  if (!message.link) return message.body;
  const url = new URL(message.link, publicUrl).href;
  if (message.body.includes(url)) return message.body;
  if (message.body.includes(message.link)) return message.body.replace(message.link, url);
  return `${message.body}\n\n${url}`;
}
