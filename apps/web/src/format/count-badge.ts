/** A count as a bottom bar badge shows it: nothing for none or unknown, "99+" past 99. */
export function countBadge(count: number | undefined): string | null {
  if (count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
