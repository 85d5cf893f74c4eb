import { errorMessageOf } from '@/api/api-error';
import { queryClient } from '@/api/query-client';
import { syncOutcome } from '@/api/sync-outcome';
import { trpcClient } from '@/api/trpc';
import { CasesOfflineBox } from '@/features/cases/cases-offline.sync';
import { CASES_PHONE_KEYS } from '@/features/cases/phone/cases-phone.context';
import { encryptedCareFormsStore } from './care-forms-phone.store';

/**
 * The phone's queue of incident reports, over the caregiver app's encrypted cache (spec section 9 "Local cache": one
 * IndexedDB database, entries per user, AES-GCM), the same store the care form drafts use (entries prefixed `case`).
 */
export const casesBox = new CasesOfflineBox(encryptedCareFormsStore, {
  report: (input) => trpcClient.cases.report.mutate(input),
  outcome: syncOutcome,
  reasonOf: errorMessageOf,
  now: () => Date.now(),
});

let started = false;

/**
 * Starts the incident reports' sync for the page's life (issue 24 item 3; spec section 4: kept records are retried
 * when online), whatever screen of the caregiver app is open: a sync now and one on each browser 'online' event, then
 * "My reports" is read again. A failure (no cache key yet, offline) waits for the next chance.
 */
export function startCasesSync(): void {
  if (started) return;
  started = true;
  const run = () =>
    void casesBox
      .sync()
      .then(() => queryClient.invalidateQueries({ queryKey: CASES_PHONE_KEYS.mine }))
      .catch(() => undefined);
  window.addEventListener('online', run);
  run();
}
