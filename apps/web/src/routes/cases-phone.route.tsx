import type { CaregiverShiftsPage } from '@hearth/shared/caregiver-app/caregiver-app.schema';
import { syncOutcome } from '@/api/sync-outcome';
import { casesBox as box } from './cases-phone.box';
import { trpcClient } from '@/api/trpc';
import { CasesPhoneProvider, type PhoneVisit, type ReportPhoto } from '@/features/cases/phone/cases-phone.context';
import { CasesPhoneListPage } from '@/features/cases/phone/cases-phone.list.page';
import { CasesPhoneReportPage } from '@/features/cases/phone/cases-phone.report.page';
import { downscalePhoto } from '@/features/care-forms/renderer/photo-downscale';

/** The caregiver app's encrypted cache (Dexie and WebCrypto) loads only when the reports first read or write. */
const offlineCache = () => import('@/features/caregiver-app/offline/offline-cache');

/**
 * The caregiver's visits from today on: caregiverAppGetShifts online, else the schedule's window saved on the phone
 * (offline-cache.ts readShiftPage); cancelled visits left out.
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

const online = <T,>(call: () => Promise<T>) => (navigator.onLine ? call() : Promise.reject(new TypeError('offline')));

/** The photo downsizing of the care forms' attachments (1600 px, JPEG), as cases.report takes photos. */
const downscale = (file: File) => downscalePhoto(file) as Promise<ReportPhoto>;

function Provider(props: { children: React.ReactNode }) {
  return (
    <CasesPhoneProvider
      box={box}
      fetchTypes={() => online(() => trpcClient.cases.reportableTypes.query())}
      fetchMine={() => online(() => trpcClient.cases.mine.query())}
      loadVisits={loadVisits}
      downscale={downscale}
    >
      {props.children}
    </CasesPhoneProvider>
  );
}

/** /app/cases: the caregiver's reports, queued on the phone or sent with the office's status (issue 24 item 3). */
export function CasesPhoneListRoute() {
  return (
    <Provider>
      <CasesPhoneListPage />
    </Provider>
  );
}

/** /app/cases/new?shiftId=: report an incident, online or offline. */
export function CasesPhoneReportRoute() {
  return (
    <Provider>
      <CasesPhoneReportPage />
    </Provider>
  );
}
