import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CareFormSummary } from '@hearth/shared/care-forms/care-forms.schema';
import { formatInstant } from '@/format/instant-format';
import type { CareFormsOfflineBox, CareFormsSnapshot } from '../care-forms-offline.store';
import { draftRouteId, type AnyDraft, type DiscardNotice, type DraftLabel } from '../care-forms-offline.records';

const STATUS_COLORS: Record<CareFormSummary['status'], string> = { 'in-progress': 'blue', completed: 'teal', amended: 'grape' };

/** The phone's own time zone: the caregiver reads times where they are. */
export function phoneZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The badges of what the phone holds for a form: a draft waiting (or its refusal), a signing waiting, problems. */
export function DraftBadges(props: { draft: AnyDraft | undefined; problems: boolean }) {
  const { draft, problems } = props;
  const { t } = useTranslation('careFormsPhone');
  return (
    <Group gap={6}>
      {draft && !draft.completion && (
        <Badge variant="light" color="orange" leftSection={<IconCloudUpload size={12} />} tt="none">
          {t('badge.waiting')}
        </Badge>
      )}
      {draft?.completion && (
        <Badge variant="light" color="orange" leftSection={<IconSignature size={12} />} tt="none">
          {t('badge.signing')}
        </Badge>
      )}
      {draft?.refusal && (
        <Text size="xs" c="red">
          {t('badge.refused', { message: draft.refusal.message })}
        </Text>
      )}
      {problems && (
        <Badge variant="light" color="red" leftSection={<IconAlertTriangle size={12} />} tt="none">
          {t('badge.problems')}
        </Badge>
      )}
    </Group>
  );
}

function RowCard(props: { to: string; label: DraftLabel; children: React.ReactNode; testId: string }) {
  const { t } = useTranslation('careFormsPhone');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      to={props.to}
      data-testid={props.testId}
      aria-label={t('list.open', { type: props.label.typeName, client: props.label.clientName })}
    >
      <Stack gap={4}>
        <Text fw={600}>{props.label.typeName}</Text>
        <Text size="sm">{props.label.clientName}</Text>
        {props.label.shiftStart && (
          <Text size="xs" c="dimmed">
            {t('list.visit', { day: formatInstant(props.label.shiftStart, phoneZone()) })}
          </Text>
        )}
        {props.children}
      </Stack>
    </Card>
  );
}

/** A form started on the phone, not yet on the server. */
export function CreateDraftRow(props: { draft: AnyDraft }) {
  return (
    <RowCard to={`/app/care-forms/${draftRouteId(props.draft)}`} label={props.draft.label} testId="phone-form-draft">
      <DraftBadges draft={props.draft} problems={false} />
    </RowCard>
  );
}

/** A form the server holds, with what the phone holds of it. */
export function FormRow(props: { form: CareFormSummary; snapshot: CareFormsSnapshot }) {
  const { form, snapshot } = props;
  const { t } = useTranslation('careFormsPhone');
  const draft = snapshot.drafts.find((d) => d.kind === 'edit' && d.formId === form.id);
  return (
    <RowCard to={`/app/care-forms/${form.id}`} label={form} testId={`phone-form-${form.id}`}>
      <Group gap={6}>
        <Badge variant="light" color={STATUS_COLORS[form.status]} tt="none">
          {t(`status.${form.status}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('list.updated', { when: formatInstant(form.updatedAt, phoneZone()) })}
        </Text>
      </Group>
      <DraftBadges draft={draft} problems={snapshot.problems[form.id] !== undefined} />
    </RowCard>
  );
}

/** A draft the sync discarded: told until the caregiver dismisses it (never lost silently). */
export function NoticeAlert(props: { box: CareFormsOfflineBox; notice: DiscardNotice }) {
  const { box, notice } = props;
  const { t } = useTranslation('careFormsPhone');
  return (
    <Alert color="red" title={t('notice.title')} icon={<IconAlertTriangle size={18} />} role="alert">
      <Stack gap="xs">
        <Text size="sm">
          {t('notice.discarded', { type: notice.label.typeName, client: notice.label.clientName, message: notice.message })}
        </Text>
        <Button size="compact-sm" variant="light" color="red" onClick={() => void box.dismissNotice(notice.id)}>
          {t('notice.dismiss')}
        </Button>
      </Stack>
    </Alert>
  );
}
