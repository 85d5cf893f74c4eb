import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The forms of a visit, on the visit's page (issue 23 item 3: "fills an assigned form during a visit"): links to the
 * visit's forms and to start one for the visit's client. Plain links, so they work offline too.
 */
export function VisitFormsLinks(props: { shiftId: number }) {
  const { t } = useTranslation('careFormsPhone');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('visit.forms')}>
      <Stack gap="xs">
        <Text fw={600}>{t('visit.forms')}</Text>
        <Button
          variant="light"
          component={Link}
          to={`/app/care-forms?shiftId=${props.shiftId}`}
          leftSection={<IconClipboardList size={16} />}
        >
          {t('visit.forms')}
        </Button>
        <Button
          variant="subtle"
          component={Link}
          to={`/app/care-forms/new?shiftId=${props.shiftId}`}
          leftSection={<IconPlus size={16} />}
        >
          {t('visit.start')}
        </Button>
      </Stack>
    </Paper>
  );
}
