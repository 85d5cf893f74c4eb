import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAllowedActions } from '@/api/allowed-actions';
import { DataTable } from '@/components/data-table/data-table';
import { ReportCaseModal } from './case-report.modal';

/**
 * /cases (spec; issue 24 item 2): the cases of the caller's branches on the `cases` view (number, type, status,
 * priority, client, assignee, reported, due, overdue) with its filters, saved views and export; a row opens the case.
 * "Report a case" opens a new one.
 */
export function CasesListPage() {
  const { t } = useTranslation('cases');
  const { can } = useAllowedActions();
  const [reporting, setReporting] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Title order={2}>{t('list.title')}</Title>
        {can('cases.report') && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setReporting(true)}>
            {t('list.report')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('list.intro')}
      </Text>
      <DataTable view="cases" />
      <ReportCaseModal opened={reporting} onClose={() => setReporting(false)} />
    </Stack>
  );
}
