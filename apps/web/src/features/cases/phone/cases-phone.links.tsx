import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Report an incident" and "My reports" (issue 24 item 3), on the visit's page (`shiftId` names the visit, so its
 * client is picked) and under the Forms list. Plain links, so they work offline too.
 */
export function CasesPhoneLinks(props: { shiftId?: number }) {
  const { t } = useTranslation('casesPhone');
  const query = props.shiftId ? `?shiftId=${props.shiftId}` : '';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('links.report')}>
      <Stack gap="xs">
        <Text fw={600}>{t('links.report')}</Text>
        <Button
          color="red"
          variant="light"
          component={Link}
          to={`/app/cases/new${query}`}
          leftSection={<IconAlertTriangle size={16} />}
        >
          {t('links.report')}
        </Button>
        <Button variant="subtle" component={Link} to="/app/cases" leftSection={<IconListDetails size={16} />}>
          {t('links.mine')}
        </Button>
      </Stack>
    </Paper>
  );
}
