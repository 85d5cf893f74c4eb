import { queryClient } from '@/api/query-client';
import { careFormsBoxOf, syncAndRefresh } from '@/features/care-forms/phone/care-forms-phone.context';
import { PHONE_KEYS } from '@/features/care-forms/phone/care-forms-phone.data';
import { encryptedCareFormsStore } from './care-forms-phone.store';

let started = false;

/**
 * Starts the care forms sync of the caregiver app for the page's life (issue 23 item 3; spec section 4: drafts are
 * retried when online), whatever screen is open: a sync now and one on each browser 'online' event, over the same box
 * the Forms screens use. Failures (no cache key yet, offline) wait for the next chance.
 */
export function startCareFormsSync(): void {
  if (started) return;
  started = true;
  const box = careFormsBoxOf(encryptedCareFormsStore);
  const run = () =>
    void syncAndRefresh(box, () => queryClient.invalidateQueries({ queryKey: PHONE_KEYS.all })).catch(() => undefined);
  window.addEventListener('online', run);
  run();
}
