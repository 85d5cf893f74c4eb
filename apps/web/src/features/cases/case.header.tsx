import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { caseNumberLabel } from '@hearth/shared/cases/cases.constants';
import type { CaseDetail } from '@hearth/shared/cases/cases.schema';
import { useAllowedActions } from '@/api/allowed-actions';
import { useUserTimeZone } from '@/api/display-zone';
import { formatInstant } from '@/format/instant-format';
import { casePriorityColor, caseStatusColor } from './case.rules';

/** The facts lines: client, visit, caregivers, who reported it and when, when it happened. */
function Facts({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const zone = useUserTimeZone();
  return (
    <Stack gap={4}>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {t('case.client')}{' '}
          <Anchor component={Link} to={`/clients/${detail.clientId}/profile`}>
            {detail.clientName}
          </Anchor>
        </Text>
        <Text size="sm">
          {detail.shiftStart ? t('case.visit', { when: formatInstant(detail.shiftStart, zone) }) : t('case.noVisit')}
        </Text>
        <Text size="sm">
          {detail.caregivers.length > 0
            ? t('case.caregivers', { names: detail.caregivers.map((c) => c.name).join(', ') })
            : t('case.noCaregivers')}
        </Text>
      </Group>
      <Group gap="lg" wrap="wrap">
        <Text size="sm">{t('case.occurred', { when: formatInstant(detail.occurredAt, zone) })}</Text>
        <Text size="sm" c="dimmed">
          {t('case.reported', { name: detail.reportedBy.name, when: formatInstant(detail.reportedAt, zone) })}
        </Text>
        {detail.completedAt && <Text size="sm">{t('case.closedOn', { when: formatInstant(detail.completedAt, zone) })}</Text>}
        {detail.cancelledAt && <Text size="sm">{t('case.cancelledOn', { when: formatInstant(detail.cancelledAt, zone) })}</Text>}
      </Group>
    </Stack>
  );
}

/**
 * The head of /cases/{id}: CASE-000123, the type, the status and priority badges, the title, the facts, the
 * description, the last reason of a cancel or reopening, and "Case PDF" (/cases/{id}/pdf).
 */
export function CaseHeader({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('cases');
  const { can } = useAllowedActions();
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap="xs">
            <Title order={2}>{caseNumberLabel(detail.number)}</Title>
            <Text fw={500}>{detail.typeName}</Text>
            <Badge variant="light" color={caseStatusColor(detail.status)}>
              {t(`status.${detail.status}`)}
            </Badge>
            <Badge variant="outline" color={casePriorityColor(detail.priority)}>
              {t(`priority.${detail.priority}`)}
            </Badge>
            {detail.overdue && (
              <Badge color="red" variant="filled">
                {t('deadlines.overdue')}
              </Badge>
            )}
          </Group>
          {can('cases.pdf') && (
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={`/cases/${detail.id}/pdf`}
              leftSection={<IconFileTypePdf size={14} />}
            >
              {t('case.pdf')}
            </Button>
          )}
        </Group>
        <Title order={3} size="h4">
          {detail.title}
        </Title>
        <Facts detail={detail} />
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={detail.description ? undefined : 'dimmed'}>
          {detail.description || t('case.noDescription')}
        </Text>
        {detail.lastReason && (
          <Text size="sm" c="dimmed">
            {t('case.lastReason', { reason: detail.lastReason })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
