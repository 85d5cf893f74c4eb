import type { ReactNode } from 'react';
import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClientAppClient } from '@hearth/shared/client-app/client-app.schema';
import type { ContactPermission } from '@hearth/shared/client-app/client-app.constants';
import { useClientAppSelection } from './client-app.selection';

/**
 * The frame of every client-app page: its title, then the page for the shown client when the caller holds
 * `permission` for them; otherwise an honest message (loading, the list failed, no client set up, or no access to
 * this page for this client: ask the agency). Pages get the client as an argument, so none reads data of a client
 * it was not given.
 * @param permission the contact permission the page needs; none for pages every caller has (home, account)
 */
export function ClientAppFrame({
  title,
  permission,
  children,
}: {
  title: string;
  permission?: ContactPermission;
  children: (client: ClientAppClient) => ReactNode;
}) {
  const { t } = useTranslation('clientApp');
  const { client, loading, failed } = useClientAppSelection();
  let body: ReactNode;
  if (loading) body = <Loader size="sm" aria-label={t('frame.loading')} />;
  else if (failed) body = <Alert color="red">{t('frame.failed')}</Alert>;
  else if (!client)
    body = (
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>{t('frame.noClient')}</Text>
        <Text size="sm" c="dimmed">
          {t('frame.noClientHint')}
        </Text>
      </Paper>
    );
  else if (permission && !client.permissions[permission])
    body = (
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>{t('frame.noPermission', { name: client.firstName })}</Text>
        <Text size="sm" c="dimmed">
          {t('frame.noPermissionHint')}
        </Text>
      </Paper>
    );
  else body = children(client);
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Title order={2} size="h3">
        {title}
      </Title>
      {body}
    </Stack>
  );
}
