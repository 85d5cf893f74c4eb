import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CaseSummary, CaseType, ReportCaseInput } from '@hearth/shared/cases/cases.schema';
import type { CasesOfflineBox, CasesOfflineSnapshot } from '../cases-offline.sync';

/** A visit of the caregiver a report may name (today's and later, or the schedule kept on the phone). */
export interface PhoneVisit {
  shiftId: number;
  clientId: number;
  clientName: string;
  startTimestamp: string;
  timezone: string;
}

/** A photo taken for a report, downsized, as cases.report takes it (base64 inline). */
export type ReportPhoto = NonNullable<ReportCaseInput['photos']>[number];

/** What the route hands the phone's case pages (features do not import each other; routes compose them). */
export interface CasesPhoneDeps {
  box: CasesOfflineBox;
  /** cases.reportableTypes (throws when offline). */
  fetchTypes: () => Promise<CaseType[]>;
  /** cases.mine (throws when offline). */
  fetchMine: () => Promise<CaseSummary[]>;
  /** The caregiver's visits, online or from the phone's copy. */
  loadVisits: () => Promise<PhoneVisit[]>;
  /** Downsizes a photo from the camera or the library to a JPEG under the size limit. */
  downscale: (file: File) => Promise<ReportPhoto>;
}

const CasesPhoneContext = createContext<CasesPhoneDeps | null>(null);

/** Provides the route's dependencies to the phone's case pages. */
export function CasesPhoneProvider(props: CasesPhoneDeps & { children: React.ReactNode }) {
  const { children, ...deps } = props;
  return <CasesPhoneContext.Provider value={deps}>{children}</CasesPhoneContext.Provider>;
}

/** @returns the route's dependencies @throws outside CasesPhoneProvider */
export function useCasesPhone(): CasesPhoneDeps {
  const deps = useContext(CasesPhoneContext);
  if (!deps) throw new Error('CasesPhoneProvider is missing');
  return deps;
}

/** @returns the box's snapshot (queued reports, notices, syncing), read from the store once mounted */
export function useCasesSnapshot(): CasesOfflineSnapshot {
  const { box } = useCasesPhone();
  useEffect(() => void box.refresh().catch(() => undefined), [box]);
  return useSyncExternalStore(box.subscribe, box.getSnapshot);
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** @returns whether the browser says it is online, following its events */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

export const CASES_PHONE_KEYS = {
  all: ['cases-phone'] as const,
  types: ['cases-phone', 'types'] as const,
  mine: ['cases-phone', 'mine'] as const,
  visits: ['cases-phone', 'visits'] as const,
};

/**
 * A list fetched online and kept on the phone, or the phone's copy when the fetch fails (offline).
 * @returns the query of the list and whether it came from the phone's copy
 */
function useCachedList<T>(
  key: readonly string[],
  fetch: () => Promise<T[]>,
  save: (v: T[]) => Promise<void>,
  read: () => Promise<T[] | undefined>,
) {
  return useQuery({
    queryKey: key,
    queryFn: async (): Promise<{ value: T[]; cached: boolean }> => {
      try {
        const value = await fetch();
        await save(value).catch(() => undefined);
        return { value, cached: false };
      } catch (error) {
        const copy = await read().catch(() => undefined);
        if (copy) return { value: copy, cached: true };
        throw error;
      }
    },
    retry: false,
    networkMode: 'always',
  });
}

/** The case types the caregiver may report (cases.reportableTypes, kept for offline). */
export function useReportableTypes() {
  const { box, fetchTypes } = useCasesPhone();
  return useCachedList(CASES_PHONE_KEYS.types, fetchTypes, box.saveTypes, box.readTypes);
}

/** The cases the caregiver reported (cases.mine, kept for offline). */
export function useMyReports() {
  const { box, fetchMine } = useCasesPhone();
  return useCachedList(CASES_PHONE_KEYS.mine, fetchMine, box.saveMine, box.readMine);
}

/** The caregiver's visits (today's and later, or the phone's copy). */
export function useVisits() {
  const { loadVisits } = useCasesPhone();
  return useQuery({ queryKey: CASES_PHONE_KEYS.visits, queryFn: loadVisits, retry: false, networkMode: 'always' });
}
