import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app/requests: asks to cancel, move or add a visit, and their answers. Not built yet: it says so. */
export function ClientRequestsPage() {
  const { t } = useTranslation('clientAppRequests');
  return (
    <ClientAppFrame title={t('title')} permission="schedule">
      {() => <ClientAppNotBuilt />}
    </ClientAppFrame>
  );
}
