import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClientAppFrame } from '../client-app.frame';
import { AlertsInbox } from './alerts.inbox';
import { AlertChannels } from './alerts.channels';
import { AlertsPushCard } from './alerts.push';

/**
 * /client-mobile-app/alerts (issue "client and family app" item 4): where a client or a trusted contact holding the
 * alerts permission reads the alerts they received (visit started, ended, missed, caregiver and schedule changes,
 * answers to their requests), newest first and live, and chooses how each kind reaches them (push, text, email; in
 * the app always) and allows push on this device. The client app has no /notifications of its own: this page is
 * where a family reads theirs.
 */
export function ClientAlertsPage() {
  const { t } = useTranslation('clientAppAlerts');
  return (
    <ClientAppFrame title={t('title')} permission="alerts">
      {(client) => (
        <Tabs defaultValue="received" keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="received">{t('tabs.received')}</Tabs.Tab>
            <Tabs.Tab value="channels">{t('tabs.channels')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="received" pt="md">
            <AlertsInbox timeZone={client.timezone} />
          </Tabs.Panel>
          <Tabs.Panel value="channels" pt="md">
            <AlertsPushCard />
            <AlertChannels />
          </Tabs.Panel>
        </Tabs>
      )}
    </ClientAppFrame>
  );
}
