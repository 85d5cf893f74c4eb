import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app/alerts: which visit alerts reach the caller, and how. Not built yet: it says so. */
export function ClientAlertsPage() {
  const { t } = useTranslation('clientAppAlerts');
  return (
    <ClientAppFrame title={t('title')} permission="alerts">
      {() => <ClientAppNotBuilt />}
    </ClientAppFrame>
  );
}
