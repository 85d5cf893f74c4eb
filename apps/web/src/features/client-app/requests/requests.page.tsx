import { useState } from 'react';
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import { ClientAppFrame } from '../client-app.frame';
import { useClientRequests } from './requests.queries';
import { NewRequestForm } from './request.form';
import { RequestCard } from './request.card';

/** The requests of the shown client: a new one, those waiting for the office, then those answered. */
function ClientRequests({ client }: { client: ClientAppClient }) {
  const { t } = useTranslation('clientAppRequests');
  const query = useClientRequests(client.clientId);
  const [asking, setAsking] = useState(false);
  if (query.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  const { requests, visits } = query.data;
  const pending = requests.filter((r) => r.status === 'pending');
  const decided = requests.filter((r) => r.status !== 'pending');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('intro', { name: client.firstName })}
      </Text>
      {asking ? (
        <NewRequestForm client={client} visits={visits} onDone={() => setAsking(false)} />
      ) : (
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAsking(true)} style={{ alignSelf: 'flex-start' }}>
          {t('new')}
        </Button>
      )}
      {requests.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed">{t('empty')}</Text>
        </Paper>
      )}
      {pending.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="requests-pending">
          <Title order={3} size="h5" id="requests-pending">
            {t('sections.pending')}
          </Title>
          {pending.map((r) => (
            <RequestCard key={r.id} request={r} client={client} />
          ))}
        </Stack>
      )}
      {decided.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="requests-decided">
          <Title order={3} size="h5" id="requests-decided">
            {t('sections.decided')}
          </Title>
          {decided.map((r) => (
            <RequestCard key={r.id} request={r} client={client} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /client-mobile-app/requests (issue 25 item 3): the shown client's family asks the agency to cancel, move or add a
 * visit and follows the answers, which arrive live. Needs the schedule permission (ClientAppFrame says so otherwise).
 */
export function ClientRequestsPage() {
  const { t } = useTranslation('clientAppRequests');
  return (
    <ClientAppFrame title={t('title')} permission="schedule">
      {(client) => <ClientRequests key={client.clientId} client={client} />}
    </ClientAppFrame>
  );
}
