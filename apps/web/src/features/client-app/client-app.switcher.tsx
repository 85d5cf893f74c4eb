import { Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientAppSelection } from './client-app.selection';

/**
 * Whose care the app shows: the client's name, and a choice among them for a contact of several clients (issue
 * "client and family app" item 7). Nothing while loading or without a client.
 */
export function ClientAppSwitcher() {
  const { t } = useTranslation('clientApp');
  const { clients, client, select } = useClientAppSelection();
  if (!client) return null;
  if (clients.length === 1)
    return (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('switcher.for')}
        </Text>
        <Text size="sm" fw={600} data-testid="client-app-client">
          {client.firstName} {client.lastName}
        </Text>
      </Group>
    );
  return (
    <Select
      label={t('switcher.label')}
      size="sm"
      allowDeselect={false}
      data={clients.map((c) => ({ value: String(c.clientId), label: `${c.firstName} ${c.lastName}` }))}
      value={String(client.clientId)}
      onChange={(value) => value && select(Number(value))}
      comboboxProps={{ withinPortal: true }}
      data-testid="client-app-switcher"
    />
  );
}
