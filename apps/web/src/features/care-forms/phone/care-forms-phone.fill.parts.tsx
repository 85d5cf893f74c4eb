import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconSignature, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CareFormDetail } from '@hearth/shared/care-forms/care-forms.schema';
import { formatInstant } from '@/format/instant-format';
import type { DraftLabel, SigningProblems } from '../care-forms-offline.records';
import type { CareFormsOfflineBox } from '../care-forms-offline.store';
import { phoneZone } from './care-forms-phone.rows';

/** The form's title, client, visit, status, and whether the phone's copy is shown. */
export function FillHeader(props: { label: DraftLabel; server: CareFormDetail | undefined; fromCache: boolean }) {
  const { label, server, fromCache } = props;
  const { t } = useTranslation('careFormsPhone');
  return (
    <Stack gap={2}>
      <Title order={2} size="h3">
        {label.typeName}
      </Title>
      <Text size="sm">{t('fill.forClient', { client: label.clientName })}</Text>
      {label.shiftStart && (
        <Text size="xs" c="dimmed">
          {t('fill.visit', { day: formatInstant(label.shiftStart, phoneZone()) })}
        </Text>
      )}
      <Group gap={6}>
        {server && (
          <Badge variant="light" tt="none">
            {t(`status.${server.status}`)}
          </Badge>
        )}
        {fromCache && (
          <Badge variant="light" color="gray" tt="none">
            {t('badge.fromPhone')}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** What the form's state says above it: the signing's problems, who signed, a signing waiting to upload. */
export function FillNotes(props: {
  box: CareFormsOfflineBox;
  problems: SigningProblems | undefined;
  server: CareFormDetail | undefined;
  queued: boolean;
  onUndoSigning: () => void;
}) {
  const { box, problems, server, queued, onUndoSigning } = props;
  const { t } = useTranslation('careFormsPhone');
  return (
    <>
      {problems && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('fill.problemsDismiss')}
          onClose={() => void box.clearProblems(problems.formId)}
        >
          {t('fill.problems', { message: problems.message })}
        </Alert>
      )}
      {server?.signedBy && !queued && (
        <Alert color="teal">
          {t('fill.signedBy', {
            name: server.signedBy.name,
            when: formatInstant(server.signedAt ?? server.updatedAt, phoneZone()),
          })}
        </Alert>
      )}
      {queued && (
        <Alert color="orange" icon={<IconSignature size={18} />}>
          <Stack gap="xs">
            <Text size="sm">{t('fill.signedQueued')}</Text>
            <Button size="compact-sm" variant="light" color="orange" onClick={onUndoSigning}>
              {t('fill.cancelSigning')}
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}

/** The type's blank paper form (kept on the phone), and throwing the phone's draft away; null hides a button. */
export function FillExtras(props: { onPdf: (() => void) | null; onDiscard: (() => void) | null }) {
  const { t } = useTranslation('careFormsPhone');
  return (
    <>
      {props.onPdf && (
        <Button variant="subtle" leftSection={<IconFileTypePdf size={16} />} onClick={props.onPdf}>
          {t('fill.pdf')}
        </Button>
      )}
      {props.onDiscard && (
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={props.onDiscard}>
          {t('draft.discard')}
        </Button>
      )}
    </>
  );
}
