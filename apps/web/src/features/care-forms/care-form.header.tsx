import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { errorMessageOf } from '@/api/api-error';
import { useAllowedActions } from '@/api/allowed-actions';
import { useUserTimeZone } from '@/api/display-zone';
import { formatInstant } from '@/format/instant-format';
import { CareFormAmendModal } from './care-form.amend.modal';
import { statusColor } from './care-form.rules';
import { downloadCareFormPdf } from './care-forms.queries';

/** "Download PDF" of a signed form (careForms.pdf); a refusal shows as a notification. */
function PdfButton({ id }: { id: number }) {
  const { t } = useTranslation('careForms');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadCareFormPdf(id)
          .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessageOf(error) }))
          .finally(() => setBusy(false));
      }}
    >
      {t('form.pdf')}
    </Button>
  );
}

/** The facts line: client, visit, who is to fill it, who started it and when. */
function Facts({ detail }: { detail: CareFormDetail }) {
  const { t } = useTranslation('careForms');
  const zone = useUserTimeZone();
  return (
    <Group gap="lg" wrap="wrap">
      <Text size="sm">
        {t('form.client')}{' '}
        <Anchor component={Link} to={`/clients/${detail.clientId}/profile`}>
          {detail.clientName}
        </Anchor>
      </Text>
      {detail.shiftStart && <Text size="sm">{t('form.visit', { when: formatInstant(detail.shiftStart, zone) })}</Text>}
      <Text size="sm">{detail.assignee ? t('form.assignee', { name: detail.assignee.name }) : t('form.noAssignee')}</Text>
      <Text size="sm" c="dimmed">
        {t('form.started', { name: detail.createdBy.name, when: formatInstant(detail.createdAt, zone) })}
      </Text>
    </Group>
  );
}

/**
 * The head of /care-forms/{id}: the type's name, the form's status and version, the facts line, and the actions on
 * a signed form: Download PDF and Amend (with its reason).
 */
export function CareFormHeader({ detail }: { detail: CareFormDetail }) {
  const { t } = useTranslation('careForms');
  const { can } = useAllowedActions();
  const [amending, setAmending] = useState(false);
  const signed = detail.status !== 'in-progress';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap="xs">
            <Title order={2}>{detail.typeName}</Title>
            <Badge variant="light" color={statusColor(detail.status)}>
              {t(`status.${detail.status}`)}
            </Badge>
            <Badge variant="outline" color="gray">
              {t('form.version', { version: detail.version })}
            </Badge>
          </Group>
          {signed && (
            <Group gap="xs">
              {can('careForms.pdf') && <PdfButton id={detail.id} />}
              {can('careForms.amend') && (
                <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => setAmending(true)}>
                  {t('form.amend')}
                </Button>
              )}
            </Group>
          )}
        </Group>
        <Facts detail={detail} />
        {detail.amendmentReason && (
          <Text size="sm" c="dimmed">
            {t('form.amendedBecause', { reason: detail.amendmentReason })}
          </Text>
        )}
      </Stack>
      <CareFormAmendModal formId={detail.id} opened={amending} onClose={() => setAmending(false)} />
    </Paper>
  );
}
