import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAllowedActions } from '@/api/allowed-actions';
import { DataTable } from '@/components/data-table/data-table';
import { NewCareFormModal } from './care-form-new.modal';

/**
 * /care-forms (spec; issue 23 item 2): the care forms of the caller's branches on the careForms view (type, client,
 * status, version, dates, who is to fill it and who signed it), with its filters, saved views and export; a row opens
 * the form. "New care form" starts one of an active type for a client.
 */
export function CareFormsListPage() {
  const { t } = useTranslation('careForms');
  const { can } = useAllowedActions();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{t('list.title')}</Title>
        {can('careForms.create') && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            {t('list.new')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('list.intro')}
      </Text>
      <DataTable view="careForms" />
      <NewCareFormModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
