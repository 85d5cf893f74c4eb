import { casesBox as box } from './cases-phone.box';
import { trpcClient } from '@/api/trpc';
import { loadPhoneVisits } from './phone-visits';
import { CasesPhoneProvider, type ReportPhoto } from '@/features/cases/phone/cases-phone.context';
import { CasesPhoneListPage } from '@/features/cases/phone/cases-phone.list.page';
import { CasesPhoneReportPage } from '@/features/cases/phone/cases-phone.report.page';
import { downscalePhoto } from '@/features/care-forms/renderer/photo-downscale';

const online = <T,>(call: () => Promise<T>) => (navigator.onLine ? call() : Promise.reject(new TypeError('offline')));

/** A report comes during or after a visit (issue 24 item 3): the caregiver's visits of the last 7 days and on. */
export const REPORT_PAST_DAYS = 7;

const loadReportVisits = () => loadPhoneVisits({ pastDays: REPORT_PAST_DAYS });

/** The photo downsizing of the care forms' attachments (1600 px, JPEG), as cases.report takes photos. */
const downscale = (file: File) => downscalePhoto(file) as Promise<ReportPhoto>;

function Provider(props: { children: React.ReactNode }) {
  return (
    <CasesPhoneProvider
      box={box}
      fetchTypes={() => online(() => trpcClient.cases.reportableTypes.query())}
      fetchMine={() => online(() => trpcClient.cases.mine.query())}
      loadVisits={loadReportVisits}
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
