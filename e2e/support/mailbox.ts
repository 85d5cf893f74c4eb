import fs from 'node:fs';
import { appOutboxCopyFile } from './test';

/** A message as the server's outbox copy holds it (OUTBOX_COPY_FILE): one JSON line per message, links intact. */
interface CopiedMessage {
  recipient: string;
  link: string | null;
}

/**
 * The sign-in link (a path with `token=`) of the newest message to `email` that carries one, from the server's copy
 * of the outbox, which stands in for the recipient's mailbox; visit alerts to the same address link to the app
 * without a token and are skipped.
 * @throws Error naming the address when no such message was sent
 */
export function lastSignInLinkTo(email: string): string {
  const lines = fs.readFileSync(appOutboxCopyFile(), 'utf8').trim().split('\n');
  const messages = lines.map((line) => JSON.parse(line) as CopiedMessage);
  const link = messages.filter((m) => m.recipient === email && m.link?.includes('token=')).at(-1)?.link;
  if (!link) throw new Error(`No sign-in link was sent to ${email}`);
  return link;
}
