import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app/visits/{shiftId}: one visit, its tasks, comment, care sheet and rating. Not built yet: it says so. */
export function ClientVisitPage() {
  const { t } = useTranslation('clientAppVisits');
  return (
    <ClientAppFrame title={t('title')} permission="schedule">
      {() => <ClientAppNotBuilt />}
    </ClientAppFrame>
  );
}
