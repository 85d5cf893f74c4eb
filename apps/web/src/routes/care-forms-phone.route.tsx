import type { CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { syncOutcome } from '@/api/sync-outcome';
import { trpcClient } from '@/api/trpc';
import { CareFormsPhoneProvider, type PhoneVisit } from '@/features/care-forms/phone/care-forms-phone.context';
import { CareFormsPhoneFillPage } from '@/features/care-forms/phone/care-forms-phone.fill.page';
import { CareFormsPhoneListPage } from '@/features/care-forms/phone/care-forms-phone.list.page';
import { CareFormsPhoneStartPage } from '@/features/care-forms/phone/care-forms-phone.start.page';
import { CasesPhoneLinks } from '@/features/cases/phone/cases-phone.links';
import { encryptedCareFormsStore } from './care-forms-phone.store';
import { QuestionnaireForm } from '@/features/care-forms/renderer/questionnaire-form';
import { compactResponseItems } from '@/features/care-forms/renderer/response-items';

/** The caregiver app's encrypted cache (Dexie and WebCrypto) loads only when the forms first read or write. */
const offlineCache = () => import('@/features/caregiver-app/offline/offline-cache');

/**
 * The caregiver's visits from today on, a form may be started for: caregiverAppGetShifts online, else the schedule's
 * window saved on the phone (offline-cache.ts readShiftPage); cancelled visits left out.
 * @throws the server's errors other than network-type ones
 */
async function loadVisits(): Promise<PhoneVisit[]> {
  let page: CaregiverShiftsPage | undefined;
  try {
    if (!navigator.onLine) throw new TypeError('offline');
    page = await trpcClient.caregiverAppGetShifts.query({});
  } catch (error) {
    if (syncOutcome(error) !== 'keep') throw error;
    page = await offlineCache()
      .then((cache) => cache.readShiftPage({}))
      .catch(() => undefined);
  }
  return (page?.shifts ?? [])
    .filter((s) => s.status !== 'cancelled')
    .map((s) => ({
      shiftId: s.id,
      clientId: s.clientId,
      clientName: s.clientName,
      startTimestamp: s.startTimestamp,
      timezone: s.timezone,
    }));
}

function Provider(props: { children: React.ReactNode }) {
  return (
    <CareFormsPhoneProvider
      store={encryptedCareFormsStore}
      Renderer={QuestionnaireForm}
      loadVisits={loadVisits}
      compactItems={compactResponseItems}
    >
      {props.children}
    </CareFormsPhoneProvider>
  );
}

/** /app/care-forms: the caregiver's forms and the drafts on the phone (issue 23 item 3), then "Report an incident". */
export function CareFormsPhoneListRoute() {
  return (
    <Provider>
      <CareFormsPhoneListPage />
      <CasesPhoneLinks />
    </Provider>
  );
}

/** /app/care-forms/new: start a form for a client of one of the caregiver's visits. */
export function CareFormsPhoneStartRoute() {
  return (
    <Provider>
      <CareFormsPhoneStartPage />
    </Provider>
  );
}

/** /app/care-forms/{id}: fill a form, online or offline. */
export function CareFormsPhoneFillRoute() {
  return (
    <Provider>
      <CareFormsPhoneFillPage />
    </Provider>
  );
}
