import type {
  CaregiverAppGetShiftsInput,
  CaregiverShiftOutput,
  CaregiverShiftsPage,
} from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { previousShiftsPageInput } from '@hearth/shared/caregiver-app/shift-pages';
import { syncOutcome } from '@/api/sync-outcome';
import { trpcClient } from '@/api/trpc';

/** A visit of the caregiver's a form or a report on the phone may name (its client, start and zone). */
export interface PhoneVisitRow {
  shiftId: number;
  clientId: number;
  clientName: string;
  /** ISO 8601, UTC. */
  startTimestamp: string;
  /** The branch's IANA time zone. */
  timezone: string;
}

/** The caregiver app's encrypted cache (Dexie and WebCrypto) loads only when a visit list is first needed. */
const offlineCache = () => import('@/features/caregiver-app/offline/offline-cache');

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One page of caregiverAppGetShifts: online, else from the schedule's windows saved on the phone
 * (offline-cache.ts readShiftPage); undefined when neither answers.
 * @throws the server's errors other than network-type ones
 */
async function shiftPage(input: NonNullable<CaregiverAppGetShiftsInput>): Promise<CaregiverShiftsPage | undefined> {
  try {
    if (!navigator.onLine) throw new TypeError('offline');
    return await trpcClient.caregiverAppGetShifts.query(input);
  } catch (error) {
    if (syncOutcome(error) !== 'keep') throw error;
    return offlineCache()
      .then((cache) => cache.readShiftPage(input))
      .catch(() => undefined);
  }
}

/** Pages of earlier visits read at most, going back: a caregiver's week fits in far fewer. */
const MAX_PAST_PAGES = 5;

/**
 * The caregiver's visits starting before `before` (ISO) and at or after `since` (epoch ms), ascending: earlier
 * pages (previousShiftsPageInput) until one starts before `since` or there are no more.
 */
async function pastShifts(before: string, since: number): Promise<CaregiverShiftOutput[]> {
  const found: CaregiverShiftOutput[] = [];
  let input: NonNullable<CaregiverAppGetShiftsInput> | null = { before };
  for (let pages = 0; input && pages < MAX_PAST_PAGES; pages++) {
    const page: CaregiverShiftsPage | undefined = await shiftPage(input);
    if (!page) break;
    found.unshift(...page.shifts);
    const first = page.shifts[0];
    input = first && Date.parse(first.startTimestamp) >= since ? previousShiftsPageInput(page) : null;
  }
  return found.filter((s) => Date.parse(s.startTimestamp) >= since);
}

/**
 * The caregiver's visits from today on, for starting a care form or reporting an incident on the phone, and with
 * `pastDays` those that started in the last `pastDays` days too (an incident is reported during or after the visit
 * it happened in; issue 24 item 3): caregiverAppGetShifts online, else the schedule's windows saved on the phone;
 * ascending by start, cancelled visits left out.
 * @param options.pastDays days back from now (24-hour days), 0 or absent for none.
 * @throws the server's errors other than network-type ones
 */
export async function loadPhoneVisits(options: { pastDays?: number } = {}): Promise<PhoneVisitRow[]> {
  const upcoming = (await shiftPage({}))?.shifts ?? [];
  const past = options.pastDays
    ? await pastShifts(upcoming[0]?.startTimestamp ?? new Date().toISOString(), Date.now() - options.pastDays * DAY_MS)
    : [];
  const seen = new Set<number>();
  return [...past, ...upcoming]
    .filter((s) => s.status !== 'cancelled' && !seen.has(s.id) && seen.add(s.id))
    .map((s) => ({
      shiftId: s.id,
      clientId: s.clientId,
      clientName: s.clientName,
      startTimestamp: s.startTimestamp,
      timezone: s.timezone,
    }));
}
