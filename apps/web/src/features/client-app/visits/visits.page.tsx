import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app/visits: past visits with their check-in and check-out times. Not built yet: it says so. */
export function ClientVisitsPage() {
  const { t } = useTranslation('clientAppVisits');
  return (
    <ClientAppFrame title={t('title')} permission="schedule">
      {() => <ClientAppNotBuilt />}
    </ClientAppFrame>
  );
}
