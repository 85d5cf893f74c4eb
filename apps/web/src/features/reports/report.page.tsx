import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import type { ReportEntry } from './reports.catalog';

/**
 * One built report as a table over its backend view (paging, filters, sort, saved views, CSV/XLSX export), under
 * its title and description, with a link back to /reports.
 */
export function ReportPage({ report, view }: { report: ReportEntry; view: string }) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/reports" size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('reports.back')}
        </Group>
      </Anchor>
      <div>
        <Title order={2}>{report.title}</Title>
        <Text size="sm" c="dimmed">
          {report.description}
        </Text>
      </div>
      <DataTable key={view} view={view} />
    </Stack>
  );
}
