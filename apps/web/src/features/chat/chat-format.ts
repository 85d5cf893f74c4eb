import { CHAT_EDIT_WINDOW_MINUTES } from '@hearth/shared/chat/chat.constants';
import type { ChatMessage } from '@hearth/shared/chat/chat.schema';
import { formatInstant } from '@/format/instant-format';

/**
 * A message's or conversation's time as chat lists show it, on the wall clock of `zone` (the user's own): the time
 * alone when it is today there, else the date.
 * @param at ISO 8601 instant (UTC)
 * @param now the present instant (injectable for tests)
 */
export function shortWhen(at: string, zone: string, now: Date = new Date()): string {
  const day = formatInstant(at, zone, { style: 'date' });
  return day === formatInstant(now, zone, { style: 'date' })
    ? formatInstant(at, zone, { style: 'time', zoneName: 'never' })
    : day;
}

/** Whether `message` may still be edited or deleted by its author at `now` (CHAT_EDIT_WINDOW_MINUTES, issue 22 item 2). */
export function withinEditWindow(message: Pick<ChatMessage, 'createdAt' | 'deletedAt'>, now: number = Date.now()): boolean {
  return message.deletedAt === null && now - Date.parse(message.createdAt) < CHAT_EDIT_WINDOW_MINUTES * 60_000;
}
