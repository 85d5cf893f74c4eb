import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '@/features/client-app/client-app.frame';
import { ClientAppNotBuilt } from '@/features/client-app/client-app.not-built';

/** /client-mobile-app/messages: the conversation with the office, through chat. Not built yet: it says so. */
export function ClientMessagesRoute() {
  const { t } = useTranslation('clientAppMessages');
  return (
    <ClientAppFrame title={t('title')} permission="messages">
      {() => <ClientAppNotBuilt />}
    </ClientAppFrame>
  );
}
