import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app/care-plan: the care plan, read-only. Not built yet: it says so. */
export function ClientCarePlanPage() {
  const { t } = useTranslation('clientApp');
  return (
    <ClientAppFrame title={t('carePlan.title')} permission="careNotes">
      {() => <ClientAppNotBuilt />}
    </ClientAppFrame>
  );
}
