import { loadPhoneVisits } from './phone-visits';
import { CareFormsPhoneProvider } from '@/features/care-forms/phone/care-forms-phone.context';
import { CareFormsPhoneFillPage } from '@/features/care-forms/phone/care-forms-phone.fill.page';
import { CareFormsPhoneListPage } from '@/features/care-forms/phone/care-forms-phone.list.page';
import { CareFormsPhoneStartPage } from '@/features/care-forms/phone/care-forms-phone.start.page';
import { CasesPhoneLinks } from '@/features/cases/phone/cases-phone.links';
import { encryptedCareFormsStore } from './care-forms-phone.store';
import { QuestionnaireForm } from '@/features/care-forms/renderer/questionnaire-form';
import { compactResponseItems } from '@/features/care-forms/renderer/response-items';

function Provider(props: { children: React.ReactNode }) {
  return (
    <CareFormsPhoneProvider
      store={encryptedCareFormsStore}
      Renderer={QuestionnaireForm}
      loadVisits={loadPhoneVisits}
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
