import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app/statements: private-pay statements. Not built yet: it says so. */
export function ClientStatementsPage() {
  const { t } = useTranslation('clientAppStatements');
  return (
    <ClientAppFrame title={t('title')} permission="statements">
      {() => <ClientAppNotBuilt />}
    </ClientAppFrame>
  );
}
