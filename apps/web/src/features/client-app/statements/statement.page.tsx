import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { ClientAppNotBuilt } from '../client-app.not-built';

/** /client-mobile-app/statements/{id}: one statement and its PDF. Not built yet: it says so. */
export function ClientStatementPage() {
  const { t } = useTranslation('clientAppStatements');
  return (
    <ClientAppFrame title={t('title')} permission="statements">
      {() => <ClientAppNotBuilt />}
    </ClientAppFrame>
  );
}
