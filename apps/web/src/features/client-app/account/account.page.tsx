import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app/account: the caller's sign-in: password and optional MFA. Not built yet: it says so. */
export function ClientAccountPage() {
  const { t } = useTranslation('clientAppAccount');
  return <ClientAppFrame title={t('title')}>{() => <ClientAppNotBuilt />}</ClientAppFrame>;
}
