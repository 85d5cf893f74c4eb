import { formatCount } from './money';

/**
 * A count as a bottom bar badge shows it: nothing for none or unknown, "99+" past 99, in the shown language's digits.
 * @param language a language tag; the shown language when left out
 */
export function countBadge(count: number | undefined, language?: string): string | null {
  if (count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? `${formatCount(99, language)}+` : formatCount(Math.floor(count), language);
}
