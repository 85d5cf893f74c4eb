import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';

/**
 * /admin/logging: the access log (issue 20 item 4) on the view engine: sign-ins and failures, sign-outs and
 * logoffs, impersonation, record reads, file and export downloads and the audit trail's changes, with filters by
 * user, record, action and time, saved views and CSV export. System-level access only (spec section 6); the menu
 * shows it only then and the server answers others with 403.
 */
export function AccessLogPage() {
  const { t } = useTranslation('accessLog');
  return (
    <Stack gap="md">
      <Title order={2}>{t('page.title')}</Title>
      <Text size="sm" c="dimmed" maw={900}>
        {t('page.description')}
      </Text>
      <DataTable view="accessLog" />
    </Stack>
  );
}
