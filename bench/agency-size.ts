/**
 * The sizes of the generated agency every large benchmark runs on (issue "The largest agencies"). Full size is the
 * largest US home care agencies: 50,000 caregivers, 70,000 clients, 500,000 visits a week (about 10 a caregiver),
 * over 13 weeks of history and the current pay period. A benchmark runs at each scale of BENCH_SCALES (fractions of
 * full size, comma-separated; default 0.1 then 1) so the growth between two sizes shows beside the figures.
 */

/** The counts of one generated agency. */
export interface AgencySize {
  /** The fraction of full size (1 = full). */
  scale: number;
  branches: number;
  clients: number;
  caregivers: number;
  /** Completed or scheduled visits in a full week, spread as a real week is (mornings heavy, weekends lighter). */
  visitsPerWeek: number;
  /** Whole Sunday-Saturday weeks of worked visits before the current pay period. */
  historyWeeks: number;
}

/** Full size: the largest agencies (Help at Home: 70,000 clients, 50,000 caregivers, 70 million hours a year). */
export const FULL_SIZE = { branches: 150, clients: 70_000, caregivers: 50_000, visitsPerWeek: 500_000, historyWeeks: 13 };

/** The scales benchmarks run at when BENCH_SCALES is not set: a tenth, then full size. */
export const DEFAULT_SCALES = [0.1, 1];

/**
 * The agency at `scale` (a fraction of FULL_SIZE, 0 < scale <= 1): every count scaled and rounded, at least one
 * branch; the weeks of history do not scale.
 * @throws Error for a scale outside (0, 1].
 */
export function sizeAt(scale: number): AgencySize {
  if (!(scale > 0 && scale <= 1)) throw new Error(`A bench scale is a fraction in (0, 1], not ${scale}`);
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    scale,
    branches: scaled(FULL_SIZE.branches),
    clients: scaled(FULL_SIZE.clients),
    caregivers: scaled(FULL_SIZE.caregivers),
    visitsPerWeek: scaled(FULL_SIZE.visitsPerWeek),
    historyWeeks: FULL_SIZE.historyWeeks,
  };
}

/**
 * The scales of this run, from BENCH_SCALES ("0.1,1"), smallest first; DEFAULT_SCALES without it.
 * @throws Error naming a value that is not a fraction in (0, 1].
 */
export function benchScales(env: string | undefined = process.env.BENCH_SCALES): number[] {
  if (!env?.trim()) return DEFAULT_SCALES;
  return env
    .split(',')
    .map((part) => sizeAt(Number(part.trim())).scale)
    .sort((a, b) => a - b);
}

/** "50,000 caregivers, 70,000 clients, 500,000 visits a week (scale 1)": a size as the figures print it. */
export function sizeLabel(size: AgencySize): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `${n(size.caregivers)} caregivers, ${n(size.clients)} clients, ${n(size.visitsPerWeek)} visits a week (scale ${size.scale})`;
}
