import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app: the next visits and today's visit live. Not built yet: it says so. */
export function ClientHomePage() {
  const { t } = useTranslation('clientApp');
  return <ClientAppFrame title={t('home.title')}>{() => <ClientAppNotBuilt />}</ClientAppFrame>;
}
